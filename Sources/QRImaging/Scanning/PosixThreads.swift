#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mutex with a condition variable (what `NSCondition` is), on pthreads: the scanning module uses no
/// `Foundation` (only `FoundationEssentials`, which has no `NSCondition` or `Thread`).
final class ConditionLock: @unchecked Sendable {
    // @unchecked: the pthread objects are only used through their own synchronised calls.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init() {
        // Trivial C structs: pthread's init calls fill the allocated memory.
        mutex = .allocate(capacity: 1)
        condition = .allocate(capacity: 1)
        precondition(pthread_mutex_init(mutex, nil) == 0 && pthread_cond_init(condition, nil) == 0)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() { precondition(pthread_mutex_lock(mutex) == 0) }
    func unlock() { precondition(pthread_mutex_unlock(mutex) == 0) }
    /// Waits for `broadcast`, with the lock held on entry and again on return.
    func wait() { precondition(pthread_cond_wait(condition, mutex) == 0) }
    func broadcast() { precondition(pthread_cond_broadcast(condition) == 0) }
}

/// Runs `body` on a new detached thread with a stack of `stackSize` bytes (as `Thread` with `stackSize` did).
func startThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
    final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
    precondition(pthread_attr_init(attributes) == 0)
    defer {
        pthread_attr_destroy(attributes)
        attributes.deallocate()
    }
    precondition(pthread_attr_setstacksize(attributes, stackSize) == 0)
    precondition(pthread_attr_setdetachstate(attributes, Int32(PTHREAD_CREATE_DETACHED)) == 0)
    let context = Unmanaged.passRetained(Box(body)).toOpaque()
    #if canImport(Darwin)
        var thread: pthread_t?
    #else
        var thread = pthread_t()
    #endif
    let status = pthread_create(
        &thread, attributes,
        { context in
            #if canImport(Darwin)
                let box = Unmanaged<Box>.fromOpaque(context).takeRetainedValue()
            #else
                let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
            #endif
            box.body()
            return nil
        }, context)
    precondition(status == 0, "cannot start a scanning thread (pthread_create: \(status))")
}
