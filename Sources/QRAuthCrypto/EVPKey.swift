internal import COpenSSL
import Foundation

/// An owning handle on an OpenSSL `EVP_PKEY`, with one cached operation context per kind.
///
/// Creating an `EVP_PKEY_CTX` and initialising it for signing or verifying costs several
/// microseconds in OpenSSL 3 (algorithm fetches, provider context set-up), a noticeable share of a
/// P-256 verify. The key keeps one initialised context of each kind and lends it to one caller at a
/// time; a concurrent caller gets a fresh context.
final class EVPKey: @unchecked Sendable {
    // @unchecked Sendable: `pointer` is set in init and never changes; OpenSSL allows one EVP_PKEY to
    // be used from many threads as long as nobody modifies it, and we never do. The only mutable
    // state, the spare contexts, is guarded by `lock`, and a context is used by one thread at a time.

    /// The operations a cached context is initialised for.
    enum Operation {
        case sign
        case verify
    }

    /// The key. Lent to callers inside this module only.
    let pointer: OpaquePointer
    private let lock = NSLock()
    private var spareSignContext: OpaquePointer?
    private var spareVerifyContext: OpaquePointer?

    /// Takes ownership of `pointer` (freed in deinit).
    init(taking pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        EVP_PKEY_CTX_free(spareSignContext)
        EVP_PKEY_CTX_free(spareVerifyContext)
        EVP_PKEY_free(pointer)
    }

    /// Lends a context initialised for `operation`, or returns nil when OpenSSL cannot make one.
    func withContext<R>(for operation: Operation, _ body: (OpaquePointer) -> R) -> R? {
        guard let context = takeContext(for: operation) ?? makeContext(for: operation) else { return nil }
        let result = body(context)
        giveBack(context, for: operation)
        return result
    }

    private func takeContext(for operation: Operation) -> OpaquePointer? {
        lock.lock()
        defer { lock.unlock() }
        switch operation {
        case .sign:
            defer { spareSignContext = nil }
            return spareSignContext
        case .verify:
            defer { spareVerifyContext = nil }
            return spareVerifyContext
        }
    }

    private func giveBack(_ context: OpaquePointer, for operation: Operation) {
        lock.lock()
        var surplus: OpaquePointer?
        switch operation {
        case .sign:
            if spareSignContext == nil { spareSignContext = context } else { surplus = context }
        case .verify:
            if spareVerifyContext == nil { spareVerifyContext = context } else { surplus = context }
        }
        lock.unlock()
        EVP_PKEY_CTX_free(surplus)
    }

    private func makeContext(for operation: Operation) -> OpaquePointer? {
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, pointer, nil) else { return nil }
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
