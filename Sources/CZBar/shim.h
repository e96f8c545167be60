#ifndef QRAUTH_CZBAR_SHIM_H
#define QRAUTH_CZBAR_SHIM_H
#include <zbar.h>

/* zbar_fourcc is a macro; Swift cannot call it. */
static inline unsigned long qrauth_zbar_fourcc_y800(void) { return zbar_fourcc('Y', '8', '0', '0'); }

static inline unsigned long qrauth_zbar_fourcc_gray(void) { return zbar_fourcc('G', 'R', 'E', 'Y'); }

#endif
