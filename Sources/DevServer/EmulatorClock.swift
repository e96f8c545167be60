public import FoundationEssentials

/// Where the emulator reads "now": the system clock, or a fixed or stepped one in tests.
public struct EmulatorClock: Sendable {
    private let read: @Sendable () -> Date

    /// A clock reading `read`.
    public init(_ read: @escaping @Sendable () -> Date) {
        self.read = read
    }

    /// The system clock.
    public static let system = EmulatorClock { Date() }

    /// The current time.
    public var now: Date { read() }

    /// The current time in Unix milliseconds.
    public var nowMillis: Int64 { Int64((now.timeIntervalSince1970 * 1000).rounded(.down)) }
}
