#ifndef QRAUTH_CPNG_SHIM_H
#define QRAUTH_CPNG_SHIM_H
#include <png.h>
#include <zlib.h>

/* PNG_IMAGE_* are macros; Swift needs functions. */
static inline png_uint_32 qrauth_png_image_version(void) { return PNG_IMAGE_VERSION; }

static inline size_t qrauth_png_image_size(const png_image *image) { return PNG_IMAGE_SIZE(*image); }

static inline png_int_32 qrauth_png_image_row_stride(const png_image *image) { return PNG_IMAGE_ROW_STRIDE(*image); }

static inline int qrauth_png_image_failed(const png_image *image) { return PNG_IMAGE_FAILED(*image); }

static inline const char *qrauth_png_version_text(void) { return PNG_LIBPNG_VER_STRING; }

/* Composite pixel formats are macro expressions Swift does not import. */
static inline png_uint_32 qrauth_png_format_gray(void) { return PNG_FORMAT_GRAY; }

static inline png_uint_32 qrauth_png_format_rgba(void) { return PNG_FORMAT_RGBA; }

static inline png_uint_32 qrauth_png_format_rgb(void) { return PNG_FORMAT_RGB; }

static inline png_uint_32 qrauth_png_format_flag_color(void) { return PNG_FORMAT_FLAG_COLOR; }

static inline png_uint_32 qrauth_png_format_flag_alpha(void) { return PNG_FORMAT_FLAG_ALPHA; }

#endif
