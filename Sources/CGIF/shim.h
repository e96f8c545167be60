#ifndef QRAUTH_CGIF_SHIM_H
#define QRAUTH_CGIF_SHIM_H
#include <stddef.h>
#include <string.h>
#include <gif_lib.h>

/* giflib reads through a callback; this one serves bytes from memory. */
typedef struct {
    const GifByteType *data;
    size_t size;
    size_t position;
} qrauth_gif_source;

static inline int qrauth_gif_read(GifFileType *gif, GifByteType *buffer, int length) {
    qrauth_gif_source *source = (qrauth_gif_source *)gif->UserData;
    if (length <= 0 || source->position >= source->size) return 0;
    size_t left = source->size - source->position;
    size_t count = (size_t)length < left ? (size_t)length : left;
    memcpy(buffer, source->data + source->position, count);
    source->position += count;
    return (int)count;
}

static inline GifFileType *qrauth_gif_open(qrauth_gif_source *source, int *error) {
    return DGifOpen(source, qrauth_gif_read, error);
}

/* giflib's version, as the headers built against it say. */
static inline int qrauth_gif_version_major(void) { return GIFLIB_MAJOR; }
static inline int qrauth_gif_version_minor(void) { return GIFLIB_MINOR; }
static inline int qrauth_gif_version_release(void) { return GIFLIB_RELEASE; }

#endif
