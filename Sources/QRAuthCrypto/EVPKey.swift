internal import COpenSSL

import FoundationEssentials

/// An owning handle on an OpenSSL `EVP_PKEY`, with pools of initialised operation contexts.
///
/// Creating an `EVP_PKEY_CTX` and initialising it for signing or verifying costs several
/// microseconds in OpenSSL 3 (algorithm fetches, provider context set-up), a noticeable share of a
/// P-256 verify. The key keeps initialised contexts of each kind in an `OpenSSLContextPool` (one per
/// concurrent caller, up to twice the cores), so parallel verifiers under one key each reuse their own
/// context instead of all but one building a fresh one per call.
final class EVPKey: @unchecked Sendable {
    // @unchecked Sendable: `pointer` is set in init and never changes; OpenSSL allows one EVP_PKEY to
    // be used from many threads as long as nobody modifies it, and we never do. The pools are
    // thread-safe, and a context is used by one thread at a time.

    /// The operations a cached context is initialised for.
    enum Operation {
        case sign
        case verify
    }

    /// The key. Lent to callers inside this module only.
    let pointer: OpaquePointer
    private let signContexts: OpenSSLContextPool
    private let verifyContexts: OpenSSLContextPool

    /// Takes ownership of `pointer` (freed in deinit).
    init(taking pointer: OpaquePointer) {
        self.pointer = pointer
        // Each context holds its own reference on the key (EVP_PKEY_CTX_new_from_pkey up-refs it), so the
        // pools may outlive `pointer`'s release in deinit.
        let bits = UInt(bitPattern: pointer)
        signContexts = OpenSSLContextPool(
            make: { Self.makeContext(key: bits, for: .sign) }, free: { EVP_PKEY_CTX_free($0) })
        verifyContexts = OpenSSLContextPool(
            make: { Self.makeContext(key: bits, for: .verify) }, free: { EVP_PKEY_CTX_free($0) })
    }

    deinit {
        EVP_PKEY_free(pointer)
    }

    /// Lends a context initialised for `operation`, or returns nil when OpenSSL cannot make one.
    func withContext<R>(for operation: Operation, _ body: (OpaquePointer) -> R) -> R? {
        let pool = operation == .sign ? signContexts : verifyContexts
        return pool.withContext { context in (body(context), true) }
    }

    /// Spare contexts currently pooled for `operation` (for tests).
    func spareContextCount(for operation: Operation) -> Int {
        (operation == .sign ? signContexts : verifyContexts).spareCount
    }

    private static func makeContext(key: UInt, for operation: Operation) -> OpaquePointer? {
        guard let key = OpaquePointer(bitPattern: key),
            let context = EVP_PKEY_CTX_new_from_pkey(nil, key, nil)
        else { return nil }
        let status =
            switch operation {
            case .sign: EVP_PKEY_sign_init(context)
            case .verify: EVP_PKEY_verify_init(context)
            }
        guard status == 1 else {
            EVP_PKEY_CTX_free(context)
            return nil
        }
        return context
    }
}
