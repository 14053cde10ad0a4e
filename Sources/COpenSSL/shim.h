#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

// OpenSSL's function-like macros, which Swift cannot import, as functions.

static inline long mirror_SSL_set_tlsext_host_name(SSL *ssl, const char *name) {
    return SSL_set_tlsext_host_name(ssl, name);
}

static inline long mirror_SSL_CTX_set_min_proto_version(SSL_CTX *ctx, int version) {
    return SSL_CTX_set_min_proto_version(ctx, version);
}

static inline long mirror_SSL_CTX_set_mode(SSL_CTX *ctx, long mode) {
    return SSL_CTX_set_mode(ctx, mode);
}
