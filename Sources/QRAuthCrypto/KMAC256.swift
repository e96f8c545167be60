internal import COpenSSL

package import FoundationEssentials

/// KMAC256 (NIST SP 800-185 §4) with a customization string, over OpenSSL 3's `KMAC-256`.
package enum KMAC256 {
    /// Key lengths OpenSSL's KMAC accepts, in bytes.
    package static let keyLengths = 4...512
    /// Output lengths accepted here, in bytes (OpenSSL's limit is far larger; PowerAuth uses 16 to 64).
    package static let outputLengths = 1...4096
    /// Customization lengths OpenSSL's KMAC accepts, in bytes.
    package static let customizationLengths = 0...512

    /// `KMAC256(K = key, X = message, L = 8 × length, S = customization)`: `length` bytes (not the XOF form).
    package static func authenticationCode(
        for message: some DataProtocol, key: some DataProtocol, length: Int, customization: some DataProtocol
    ) throws(CryptoError) -> Data {
        guard keyLengths.contains(key.count) else {
            throw CryptoError(
                .invalidLength, "a KMAC-256 key is \(key.count) bytes, expected \(keyLengths.lowerBound) to 512")
        }
        guard outputLengths.contains(length) else {
            throw CryptoError(.invalidParameter, "a KMAC-256 output of \(length) bytes is outside 1 to 4096")
        }
        guard customizationLengths.contains(customization.count) else {
            throw CryptoError(
                .invalidLength, "a KMAC-256 customization string of \(customization.count) bytes is over 512")
        }
        var output = Data(count: length)
        let status = OpenSSLExtendedAlgorithms.shared.kmac256Contexts.withContext {
            context -> (result: Bool, reusable: Bool) in
            let done = output.withUnsafeMutableBytes { buffer -> Bool in
                guard let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return false }
                var written = 0
                let status = customization.withNonNullBytes { customPointer, customCount in
                    key.withNonNullBytes { keyPointer, keyCount in
                        message.withNonNullBytes { messagePointer, messageCount in
                            guard qrauth_EVP_MAC_CTX_set_kmac(context, customPointer, customCount, length) == 1,
                                EVP_MAC_init(context, keyPointer, keyCount, nil) == 1,
                                EVP_MAC_update(context, messagePointer, messageCount) == 1
                            else { return Int32(0) }
                            return EVP_MAC_final(context, base, &written, length)
                        }
                    }
                }
                return status == 1 && written == length
            }
            return (done, done)
        }
        guard status == true else { throw CryptoError.openSSL(.openSSLFailure, "KMAC-256 failed") }
        return output
    }

    /// The same with an ASCII customization string such as `PA4KDF`.
    package static func authenticationCode(
        for message: some DataProtocol, key: some DataProtocol, length: Int, customization: String
    ) throws(CryptoError) -> Data {
        try authenticationCode(for: message, key: key, length: length, customization: Array(customization.utf8))
    }
}
