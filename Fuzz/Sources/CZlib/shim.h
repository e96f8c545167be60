#ifndef QRAUTH_FUZZ_CZLIB_SHIM_H
#define QRAUTH_FUZZ_CZLIB_SHIM_H
#include <zlib.h>

/* inflateInit2 is a macro: a raw deflate stream (window bits -15), as the PNG reader decodes. */
static inline int fuzz_inflate_init_raw(z_stream *stream) { return inflateInit2(stream, -15); }

#endif
