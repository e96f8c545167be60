#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mutual-exclusion lock (what `NSLock` is), on a pthread mutex: the modules use `FoundationEssentials`,
/// which has no `NSLock`, and `Synchronization.Mutex` needs macOS 15 (the package supports macOS 14).
/// Shared by the modules above this one (`package`).
package final class Lock: @unchecked Sendable {
    // @unchecked: the mutex is only used through pthread's own synchronised calls.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)  // a trivial C struct: pthread_mutex_init fills it
        precondition(pthread_mutex_init(mutex, nil) == 0)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    package func lock() { precondition(pthread_mutex_lock(mutex) == 0) }
    package func unlock() { precondition(pthread_mutex_unlock(mutex) == 0) }

    /// Runs `body` with the lock held.
    package func withLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        lock()
        defer { unlock() }
        return try body()
    }
}
