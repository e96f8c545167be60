#ifndef QRAUTH_CTURBOJPEG_SHIM_H
#define QRAUTH_CTURBOJPEG_SHIM_H
#include <stddef.h>
#include <turbojpeg.h>

/* TJFLAG_* and TJPF_* are plain macros/enums Swift imports; nothing to wrap yet. */
static inline int qrauth_tj_flag_accurate_dct(void) { return TJFLAG_ACCURATEDCT; }

/* libjpeg-turbo's version as the headers built against it say (the TurboJPEG 2.x API has no
   runtime version call): LIBJPEG_TURBO_VERSION_NUMBER is MMMmmmppp, e.g. 2001005 for 2.1.5. */
#include <jconfig.h>
#ifdef LIBJPEG_TURBO_VERSION_NUMBER
static inline long qrauth_turbojpeg_version_number(void) { return LIBJPEG_TURBO_VERSION_NUMBER; }
#else
static inline long qrauth_turbojpeg_version_number(void) { return 0; }
#endif

#endif
