#ifndef QRAUTH_CDEFLATE_SHIM_H
#define QRAUTH_CDEFLATE_SHIM_H
#include <libdeflate.h>

/* The version is a header macro; libdeflate has no runtime version call. */
static inline const char *qrauth_libdeflate_version_text(void) { return LIBDEFLATE_VERSION_STRING; }

#endif
