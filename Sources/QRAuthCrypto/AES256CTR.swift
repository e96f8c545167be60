internal import COpenSSL

package import FoundationEssentials

/// AES-256 in counter mode (SP 800-38A) with a 16-byte initial counter block; encryption and decryption
/// are the same operation.
package enum AES256CTR {
    /// Key length in bytes.
    package static let keySize = 32
    /// Initial counter block length in bytes.
    package static let counterBlockSize = 16

    /// XORs `data` with the key stream that starts at `counterBlock` (the whole block counts up, big-endian).
    package static func crypt(
        _ data: some DataProtocol, key: some DataProtocol, counterBlock: some DataProtocol
    ) throws(CryptoError) -> Data {
        guard key.count == keySize else {
            throw CryptoError(.invalidLength, "an AES-256 key is \(key.count) bytes, expected 32")
        }
        guard counterBlock.count == counterBlockSize else {
            throw CryptoError(.invalidLength, "an AES-CTR counter block is \(counterBlock.count) bytes, expected 16")
        }
        guard data.count <= Int(Int32.max) else {
            throw CryptoError(.invalidLength, "AES input of \(data.count) bytes is longer than OpenSSL accepts")
        }
        let cipher = OpenSSLExtendedAlgorithms.shared.aes256CTR
        let outcome = OpenSSLAlgorithms.shared.cipherContexts.withContext {
            context -> (result: Data?, reusable: Bool) in
            var output = [UInt8](repeating: 0, count: data.count + 16)
            var length: Int32 = 0
            var finalLength: Int32 = 0
            let status = key.withNonNullBytes { keyPointer, _ in
                counterBlock.withNonNullBytes { ivPointer, _ in
                    data.withNonNullBytes { pointer, count in
                        guard EVP_CipherInit_ex2(context, cipher, keyPointer, ivPointer, 1, nil) == 1,
                            EVP_CipherUpdate(context, &output, &length, pointer, Int32(count)) == 1
                        else { return Int32(0) }
                        return output.withUnsafeMutableBufferPointer { buffer in
                            EVP_CipherFinal_ex(context, buffer.baseAddress.map { $0 + Int(length) }, &finalLength)
                        }
                    }
                }
            }
            // Reset clears the key schedule before the context goes back to the pool.
            let reusable = EVP_CIPHER_CTX_reset(context) == 1
            return (status == 1 ? Data(output.prefix(Int(length + finalLength))) : nil, reusable)
        }
        guard let outcome, let result = outcome else {
            throw CryptoError.openSSL(.openSSLFailure, "AES-256-CTR failed")
        }
        return result
    }
}
