internal import COpenSSL
import Foundation

/// One-shot hashes and HMACs over a fetched OpenSSL digest.
enum MessageDigest {
    /// The digest of `data`.
    static func hash(_ digest: OpaquePointer, data: some DataProtocol) -> Data {
        var output = [UInt8](repeating: 0, count: Int(qrauth_EVP_MAX_MD_SIZE()))
        var length: UInt32 = 0
        let status = data.withNonNullBytes { pointer, count in
            EVP_Digest(pointer, count, &output, &length, digest, nil)
        }
        guard status == 1 else { fatalError(failure("digest")) }
        return Data(output.prefix(Int(length)))
    }

    /// Lends the 32-byte SHA-256 of `data` from a temporary buffer (no heap allocation on the hot paths),
    /// or nil when OpenSSL fails.
    static func withSHA256<R>(of data: some DataProtocol, _ body: (UnsafePointer<UInt8>) -> R) -> R? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { digest -> R? in
            guard let digestBase = digest.baseAddress else { return nil }
            var length: UInt32 = 0
            let hashed = data.withNonNullBytes { pointer, count in
                EVP_Digest(pointer, count, digestBase, &length, OpenSSLAlgorithms.shared.sha256, nil)
            }
            guard hashed == 1, length == 32 else { return nil }
            return body(digestBase)
        }
    }

    /// The HMAC of `data` under `key`.
    static func hmac(_ digest: OpaquePointer, key: some DataProtocol, data: some DataProtocol) -> Data {
        // HMAC replaces a key longer than the block size by its hash, so this changes no result; it only
        // keeps the length within OpenSSL's `int`.
        guard key.count <= Int32.max else { return hmac(digest, key: hash(digest, data: key), data: data) }
        var output = [UInt8](repeating: 0, count: Int(qrauth_EVP_MAX_MD_SIZE()))
        var length: UInt32 = 0
        let result = key.withNonNullBytes { keyPointer, keyCount in
            data.withNonNullBytes { dataPointer, dataCount in
                HMAC(digest, keyPointer, Int32(keyCount), dataPointer, dataCount, &output, &length)
            }
        }
        guard result != nil else { fatalError(failure("HMAC")) }
        return Data(output.prefix(Int(length)))
    }

    /// Hashing cannot fail for valid inputs; a failure means a broken OpenSSL installation.
    private static func failure(_ what: String) -> String {
        "OpenSSL \(what) failed: \(OpenSSLErrorQueue.drain() ?? "no reason")"
    }
}
