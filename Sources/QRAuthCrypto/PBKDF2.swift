internal import COpenSSL

public import FoundationEssentials

/// PBKDF2 (RFC 8018) password-based key derivation.
public enum PBKDF2 {
    /// The largest accepted output length in bytes.
    static let maximumKeyLength = 1024

    /// PBKDF2-HMAC-SHA1 of `password` and `salt`: `iterations` ≥ 1, `keyLength` 1...1024 bytes.
    public static func deriveSHA1(
        password: some DataProtocol, salt: some DataProtocol, iterations: Int, keyLength: Int
    ) throws(CryptoError) -> Data {
        guard iterations >= 1, iterations <= Int32.max else {
            throw CryptoError(.invalidParameter, "PBKDF2 iteration count \(iterations) is not in 1...\(Int32.max)")
        }
        guard keyLength >= 1, keyLength <= maximumKeyLength else {
            throw CryptoError(.invalidParameter, "PBKDF2 key length \(keyLength) is not in 1...\(maximumKeyLength)")
        }
        guard password.count <= Int32.max, salt.count <= Int32.max else {
            throw CryptoError(.invalidLength, "PBKDF2 password or salt is longer than OpenSSL accepts")
        }
        var output = [UInt8](repeating: 0, count: keyLength)
        let status = password.withNonNullBytes { passwordPointer, passwordCount in
            salt.withNonNullBytes { saltPointer, saltCount in
                passwordPointer.withMemoryRebound(to: CChar.self, capacity: max(passwordCount, 1)) { passwordChars in
                    PKCS5_PBKDF2_HMAC(
                        passwordChars, Int32(passwordCount), saltPointer, Int32(saltCount), Int32(iterations),
                        OpenSSLAlgorithms.shared.sha1, Int32(keyLength), &output)
                }
            }
        }
        guard status == 1 else { throw CryptoError.openSSL(.openSSLFailure, "PBKDF2 derivation failed") }
        return Data(output)
    }
}
