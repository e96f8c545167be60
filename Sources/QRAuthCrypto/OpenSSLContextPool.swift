import FoundationEssentials

/// A bounded pool of reusable OpenSSL operation contexts (`EVP_MAC_CTX`, `EVP_MD_CTX`, `EVP_PKEY_CTX`).
///
/// Allocating and setting up a context costs more than the short operations it serves (an HMAC of a
/// few dozen bytes, a SHA-256 of 16 bytes). A caller takes a spare context, uses it alone and gives it
/// back; when none is spare (first use, or more concurrent callers than spares) a new one is made. The
/// lock is held only to pop or push a pointer, never during the OpenSSL operation, so concurrent
/// callers do not serialise. At most `capacity` spares are kept; surplus contexts are freed.
///
/// Contexts keep their last state (for HMAC: the last key's padded state) until reused or freed; they
/// live in the process that holds those keys anyway.
final class OpenSSLContextPool: @unchecked Sendable {
    // @unchecked Sendable: `spares` is only touched under `lock`; a context popped from it belongs to
    // one caller until pushed back. `make` and `free` are immutable @Sendable closures.

    private let lock = Lock()
    private var spares: [OpaquePointer] = []
    private let capacity: Int
    private let make: @Sendable () -> OpaquePointer?
    private let free: @Sendable (OpaquePointer) -> Void

    /// A pool keeping at most `capacity` spares (default: twice the active cores, at least 4).
    init(
        capacity: Int = max(4, 2 * ProcessInfo.processInfo.activeProcessorCount),
        make: @escaping @Sendable () -> OpaquePointer?, free: @escaping @Sendable (OpaquePointer) -> Void
    ) {
        self.capacity = capacity
        self.make = make
        self.free = free
        spares.reserveCapacity(capacity)
    }

    deinit {
        for context in spares { free(context) }
    }

    /// Lends a context to `body` (nil when OpenSSL cannot make one). `body` returns whether the
    /// context is fit for reuse; an unfit context is freed rather than pooled.
    func withContext<R>(_ body: (OpaquePointer) -> (result: R, reusable: Bool)) -> R? {
        lock.lock()
        let spare = spares.popLast()
        lock.unlock()
        guard let context = spare ?? make() else { return nil }
        let (result, reusable) = body(context)
        if reusable {
            lock.lock()
            let pooled = spares.count < capacity
            if pooled { spares.append(context) }
            lock.unlock()
            if !pooled { free(context) }
        } else {
            free(context)
        }
        return result
    }

    /// The number of spare contexts (for tests).
    var spareCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return spares.count
    }
}
