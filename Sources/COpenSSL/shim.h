#ifndef QRAUTH_COPENSSL_SHIM_H
#define QRAUTH_COPENSSL_SHIM_H
#include <openssl/opensslv.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/param_build.h>
#include <openssl/params.h>
#include <openssl/pem.h>
#include <openssl/bio.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <openssl/ssl.h>
#include <openssl/pkcs12.h>
#include <openssl/kdf.h>

/* Macros and variadic helpers Swift cannot import directly. */
static inline void qrauth_OPENSSL_free(void *ptr) { OPENSSL_free(ptr); }

static inline EVP_PKEY *qrauth_EVP_PKEY_Q_keygen_ec(const char *curve) {
    return EVP_PKEY_Q_keygen(NULL, NULL, "EC", curve);
}

static inline long qrauth_BIO_get_mem_data(BIO *bio, char **out) { return BIO_get_mem_data(bio, out); }

static inline const char *qrauth_openssl_version_text(void) { return OpenSSL_version(OPENSSL_VERSION); }

static inline unsigned long qrauth_openssl_version_number(void) { return OpenSSL_version_num(); }

/* Selections and NIDs defined as compound macros. */
static inline int qrauth_EVP_PKEY_PUBLIC_KEY(void) { return EVP_PKEY_PUBLIC_KEY; }

static inline int qrauth_EVP_PKEY_KEYPAIR(void) { return EVP_PKEY_KEYPAIR; }

static inline int qrauth_NID_X9_62_prime256v1(void) { return NID_X9_62_prime256v1; }

static inline int qrauth_EVP_MAX_MD_SIZE(void) { return EVP_MAX_MD_SIZE; }

/* Static C strings for OSSL_PARAM_BLD and EVP_PKEY_CTX_new_from_name, which keep the key and name
 * pointers they are given (a Swift String's temporary C string would dangle). */
static inline const char *qrauth_OSSL_PKEY_PARAM_GROUP_NAME(void) { return OSSL_PKEY_PARAM_GROUP_NAME; }

static inline const char *qrauth_OSSL_PKEY_PARAM_PUB_KEY(void) { return OSSL_PKEY_PARAM_PUB_KEY; }

static inline const char *qrauth_OSSL_PKEY_PARAM_PRIV_KEY(void) { return OSSL_PKEY_PARAM_PRIV_KEY; }

static inline const char *qrauth_SN_X9_62_prime256v1(void) { return SN_X9_62_prime256v1; }

static inline const char *qrauth_key_type_EC(void) { return "EC"; }

static inline const char *qrauth_digest_name_SHA256(void) { return "SHA256"; }

static inline const char *qrauth_digest_name_SHA1(void) { return "SHA1"; }

/* Sets the digest of an HMAC EVP_MAC_CTX (OSSL_PARAM arrays are awkward to build from Swift). */
static inline int qrauth_EVP_MAC_CTX_set_digest(EVP_MAC_CTX *ctx, const char *digest) {
    OSSL_PARAM params[2];
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)digest, 0);
    params[1] = OSSL_PARAM_construct_end();
    return EVP_MAC_CTX_set_params(ctx, params);
}

/* KMAC (NIST SP 800-185) parameters: the customization string and the output length in bytes. Set before
 * EVP_MAC_init, which applies the customization. */
static inline int qrauth_EVP_MAC_CTX_set_kmac(EVP_MAC_CTX *ctx, const unsigned char *custom, size_t customLength,
                                              size_t size) {
    OSSL_PARAM params[3];
    params[0] = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_CUSTOM, (void *)custom, customLength);
    params[1] = OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE, &size);
    params[2] = OSSL_PARAM_construct_end();
    return EVP_MAC_CTX_set_params(ctx, params);
}

static inline const char *qrauth_SN_secp384r1(void) { return SN_secp384r1; }

static inline int qrauth_NID_secp384r1(void) { return NID_secp384r1; }

static inline const char *qrauth_digest_name_SHA384(void) { return "SHA384"; }

#endif
