#ifndef QRAUTH_CWEBP_SHIM_H
#define QRAUTH_CWEBP_SHIM_H
#include <webp/decode.h>
#include <webp/encode.h>

/* WebPInitDecoderConfig and WebPGetFeatures are inline wrappers around versioned internals. */
static inline int qrauth_webp_init_decoder_config(WebPDecoderConfig *config) { return WebPInitDecoderConfig(config); }

static inline VP8StatusCode qrauth_webp_get_features(const uint8_t *data, size_t size, WebPBitstreamFeatures *features) {
    return WebPGetFeatures(data, size, features);
}

#endif
