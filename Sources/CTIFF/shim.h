#ifndef QRAUTH_CTIFF_SHIM_H
#define QRAUTH_CTIFF_SHIM_H
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <tiffio.h>

/* libtiff reads through callbacks; these serve a file held in memory, read-only. libtiff's errors are
   kept (the first one) instead of going to stderr; its warnings are dropped. */
typedef struct {
    const uint8_t *data;
    uint64_t size;
    uint64_t position;
    char message[256];
} qrauth_tiff_source;

static inline tmsize_t qrauth_tiff_read(thandle_t handle, void *buffer, tmsize_t length) {
    qrauth_tiff_source *source = (qrauth_tiff_source *)handle;
    if (length <= 0 || source->position >= source->size) return 0;
    uint64_t left = source->size - source->position;
    uint64_t count = (uint64_t)length < left ? (uint64_t)length : left;
    memcpy(buffer, source->data + source->position, (size_t)count);
    source->position += count;
    return (tmsize_t)count;
}

static inline tmsize_t qrauth_tiff_write(thandle_t handle, void *buffer, tmsize_t length) {
    (void)handle; (void)buffer; (void)length;
    return 0;
}

static inline toff_t qrauth_tiff_seek(thandle_t handle, toff_t offset, int whence) {
    qrauth_tiff_source *source = (qrauth_tiff_source *)handle;
    uint64_t base = whence == SEEK_CUR ? source->position : whence == SEEK_END ? source->size : 0;
    if (whence != SEEK_SET && whence != SEEK_CUR && whence != SEEK_END) return (toff_t)-1;
    if (offset > UINT64_MAX - base) return (toff_t)-1;
    source->position = base + offset;
    return (toff_t)source->position;
}

static inline int qrauth_tiff_close(thandle_t handle) { (void)handle; return 0; }

static inline toff_t qrauth_tiff_size(thandle_t handle) { return (toff_t)((qrauth_tiff_source *)handle)->size; }

static inline int qrauth_tiff_map(thandle_t handle, void **base, toff_t *size) {
    qrauth_tiff_source *source = (qrauth_tiff_source *)handle;
    *base = (void *)source->data;
    *size = (toff_t)source->size;
    return 1;
}

static inline void qrauth_tiff_unmap(thandle_t handle, void *base, toff_t size) {
    (void)handle; (void)base; (void)size;
}

static inline int qrauth_tiff_error(TIFF *tiff, void *user, const char *module, const char *format, va_list arguments) {
    (void)tiff; (void)module;
    qrauth_tiff_source *source = (qrauth_tiff_source *)user;
    if (source->message[0] == 0) vsnprintf(source->message, sizeof source->message, format, arguments);
    return 1;
}

static inline int qrauth_tiff_warning(TIFF *tiff, void *user, const char *module, const char *format, va_list arguments) {
    (void)tiff; (void)user; (void)module; (void)format; (void)arguments;
    return 1;
}

/* Opens the file in `source` read-only; no single allocation of libtiff's may exceed `max_allocation` bytes. */
static inline TIFF *qrauth_tiff_open(qrauth_tiff_source *source, tmsize_t max_allocation) {
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (options == NULL) return NULL;
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, max_allocation);
    TIFFOpenOptionsSetErrorHandlerExtR(options, qrauth_tiff_error, source);
    TIFFOpenOptionsSetWarningHandlerExtR(options, qrauth_tiff_warning, source);
    TIFF *tiff = TIFFClientOpenExt("memory", "r", (thandle_t)source, qrauth_tiff_read, qrauth_tiff_write,
                                   qrauth_tiff_seek, qrauth_tiff_close, qrauth_tiff_size, qrauth_tiff_map,
                                   qrauth_tiff_unmap, options);
    TIFFOpenOptionsFree(options);
    return tiff;
}

static inline uint32_t qrauth_tiff_get_uint32(TIFF *tiff, uint32_t tag, int *found) {
    uint32_t value = 0;
    *found = TIFFGetField(tiff, tag, &value);
    return value;
}

static inline uint16_t qrauth_tiff_get_uint16(TIFF *tiff, uint32_t tag, int *found) {
    uint16_t value = 0;
    *found = TIFFGetFieldDefaulted(tiff, tag, &value);
    return value;
}

#endif
