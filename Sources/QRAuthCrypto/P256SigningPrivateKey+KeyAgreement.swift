internal import COpenSSL
public import Foundation

extension NISTP256.Signing.PrivateKey {
    /// The ECDH shared secret with `publicKey`: the 32-byte big-endian X coordinate of d·Q.
    public func sharedSecretFromKeyAgreement(with publicKey: NISTP256.Signing.PublicKey) throws(CryptoError) -> Data {
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, key.pointer, nil) else {
            throw CryptoError.openSSL(.openSSLFailure, "cannot allocate an ECDH context")
        }
        defer { EVP_PKEY_CTX_free(context) }
        var output = [UInt8](repeating: 0, count: P256KeyBuilder.coordinateSize)
        var length = output.count
        guard EVP_PKEY_derive_init(context) == 1, EVP_PKEY_derive_set_peer(context, publicKey.key.pointer) == 1,
            EVP_PKEY_derive(context, &output, &length) == 1, length == P256KeyBuilder.coordinateSize
        else {
            throw CryptoError.openSSL(.openSSLFailure, "ECDH key agreement failed")
        }
        return Data(output)
    }
}
