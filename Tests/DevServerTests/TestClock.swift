import DevServer
import Foundation

/// A settable clock for expiry and token-window tests.
final class TestClock: @unchecked Sendable {
    // @unchecked Sendable: `current` is only touched while `lock` is held.
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        current = start
    }

    var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    func advance(by seconds: TimeInterval) {
        lock.lock()
        current += seconds
        lock.unlock()
    }

    var emulatorClock: EmulatorClock { EmulatorClock { self.now } }

    var millis: Int64 { Int64(now.timeIntervalSince1970 * 1000) }
}
