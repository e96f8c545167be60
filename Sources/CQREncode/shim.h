#ifndef QRAUTH_CQRENCODE_SHIM_H
#define QRAUTH_CQRENCODE_SHIM_H
#include <qrencode.h>

/* Buffer the version string so callers get a stable C string from one entry point. */
static inline const char *qrauth_qrencode_version(void) { return QRcode_APIVersionString(); }

#endif
