import Foundation

/// A clock that advances one second per reading (thread-safe, deterministic).
final class TickingClock: @unchecked Sendable {
    // @unchecked: `seconds` is only touched under `lock`.
    private let lock = NSLock()
    private var seconds: Int64 = 0

    func next() -> Duration {
        lock.lock()
        defer { lock.unlock() }
        seconds += 1
        return .seconds(seconds)
    }
}
