#ifndef QRAUTH_CTURBOJPEG_SHIM_H
#define QRAUTH_CTURBOJPEG_SHIM_H
#include <stddef.h>
#include <turbojpeg.h>

/* TJFLAG_* and TJPF_* are plain macros/enums Swift imports; nothing to wrap yet. */
static inline int qrauth_tj_flag_accurate_dct(void) { return TJFLAG_ACCURATEDCT; }

#endif
