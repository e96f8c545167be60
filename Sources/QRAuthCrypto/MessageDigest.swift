internal import COpenSSL

import FoundationEssentials

/// One-shot hashes and HMACs over fetched OpenSSL algorithms and pooled contexts.
///
/// No call fetches an algorithm or allocates a context in the steady state: digests reuse an
/// `EVP_MD_CTX` from `OpenSSLAlgorithms.digestContexts`, HMACs an `EVP_MAC_CTX` whose digest is already
/// set (only the key changes per call).
enum MessageDigest {
    /// The digest of `data`.
    static func hash(_ digest: OpaquePointer, data: some DataProtocol) -> Data {
        let result = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Int(qrauth_EVP_MAX_MD_SIZE())) {
            output -> Data? in
            guard let base = output.baseAddress, let length = digestInto(base, digest, data: data) else { return nil }
            return Data(bytes: base, count: length)
        }
        guard let result else { fatalError(failure("digest")) }
        return result
    }

    /// Lends the 32-byte SHA-256 of `data` from a temporary buffer (no heap allocation on the hot paths),
    /// or nil when OpenSSL fails.
    static func withSHA256<R>(of data: some DataProtocol, _ body: (UnsafePointer<UInt8>) -> R) -> R? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { digest -> R? in
            guard let base = digest.baseAddress,
                digestInto(base, OpenSSLAlgorithms.shared.sha256, data: data) == 32
            else { return nil }
            return body(base)
        }
    }

    /// Writes the digest of `data` to `output` (at least `EVP_MAX_MD_SIZE` bytes) and returns its length.
    private static func digestInto(
        _ output: UnsafeMutablePointer<UInt8>, _ digest: OpaquePointer, data: some DataProtocol
    ) -> Int? {
        let length = OpenSSLAlgorithms.shared.digestContexts.withContext { context -> (result: Int?, reusable: Bool) in
            var length: UInt32 = 0
            let status = data.withNonNullBytes { pointer, count in
                guard EVP_DigestInit_ex2(context, digest, nil) == 1, EVP_DigestUpdate(context, pointer, count) == 1
                else { return Int32(0) }
                return EVP_DigestFinal_ex(context, output, &length)
            }
            return status == 1 ? (Int(length), true) : (nil, false)
        }
        return length ?? nil
    }

    /// The HMAC of `data` under `key`; `contexts` is one of `OpenSSLAlgorithms`' HMAC pools.
    static func hmac(_ contexts: OpenSSLContextPool, key: some DataProtocol, data: some DataProtocol) -> Data {
        let result = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Int(qrauth_EVP_MAX_MD_SIZE())) {
            output -> Data? in
            guard let base = output.baseAddress else { return nil }
            let length = contexts.withContext { context -> (result: Int?, reusable: Bool) in
                var length = 0
                let status = key.withNonNullBytes { keyPointer, keyCount in
                    data.withNonNullBytes { dataPointer, dataCount in
                        // EVP_MAC_init with a key and no parameters re-keys the context; its digest stays.
                        guard EVP_MAC_init(context, keyPointer, keyCount, nil) == 1,
                            EVP_MAC_update(context, dataPointer, dataCount) == 1
                        else { return Int32(0) }
                        return EVP_MAC_final(context, base, &length, output.count)
                    }
                }
                return status == 1 ? (length, true) : (nil, false)
            }
            guard let length = length ?? nil else { return nil }
            return Data(bytes: base, count: length)
        }
        guard let result else { fatalError(failure("HMAC")) }
        return result
    }

    /// Hashing cannot fail for valid inputs; a failure means a broken OpenSSL installation.
    private static func failure(_ what: String) -> String {
        "OpenSSL \(what) failed: \(OpenSSLErrorQueue.drain() ?? "no reason")"
    }
}
