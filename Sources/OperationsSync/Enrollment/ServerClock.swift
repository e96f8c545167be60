public import FoundationEssentials
import NIOConcurrencyHelpers

/// The server-synchronised clock of the enrollment client (spec: replay protection and clocks). Newer servers
/// refuse request timestamps ahead of their own clock, so requests use `device time + offset − 1 s`, where the
/// offset is learnt from the server: the `iat_ms` of temporary-key JWTs and the `timestamp` of decrypted ECIES
/// answers, each corrected by half the round trip. The server may have stamped its time anywhere in that round trip,
/// so after a round trip longer than 2 s requests stay half of it behind instead of 1 s (a slow, lopsided exchange
/// would otherwise date the next request ahead of the server's clock).
public final class ServerClock: Sendable {
    /// An offset at least this large (either way) is worth telling the user about.
    public static let largeOffsetMillis: Int64 = 30_000
    /// How far requests stay behind the synchronised time.
    public static let safetyMarginMillis: Int64 = 1_000

    private let device: @Sendable () -> Date
    /// The offset and half the round trip it was learnt over (0: not learnt from an exchange).
    private let state: NIOLockedValueBox<(offset: Int64?, halfRoundTrip: Int64)>

    /// Makes a clock over the device clock `now`, starting from a known offset (e.g. the device file's) or none.
    public init(offsetMillis: Int64? = nil, now: @escaping @Sendable () -> Date = { Date() }) {
        self.device = now
        self.state = NIOLockedValueBox((offsetMillis, 0))
    }

    /// Server time minus device time in milliseconds, nil until learnt.
    public var offsetMillis: Int64? { state.withLockedValue { $0.offset } }

    /// Device time, Unix milliseconds.
    public func deviceMillis() -> Int64 {
        Int64((device().timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// The synchronised time: device time plus the offset (device time while none is known).
    public func nowMillis() -> Int64 {
        deviceMillis() &+ (offsetMillis ?? 0)
    }

    /// The timestamp a request carries: synchronised time minus the safety margin, or minus half the round trip the
    /// offset was learnt over when that is longer.
    public func requestMillis() -> Int64 {
        let (offset, halfRoundTrip) = state.withLockedValue { ($0.offset, $0.halfRoundTrip) }
        return deviceMillis() &+ (offset ?? 0) &- max(Self.safetyMarginMillis, halfRoundTrip)
    }

    /// Learns the offset from a server timestamp of an exchange sent at `sentMillis` and answered at
    /// `receivedMillis` (device time): the server stamped it about half-way through the round trip.
    public func learn(serverMillis: Int64, sentMillis: Int64, receivedMillis: Int64) {
        let roundTrip = max(0, receivedMillis &- sentMillis)
        let offset = serverMillis &- (receivedMillis &- roundTrip / 2)
        state.withLockedValue { $0 = (offset, roundTrip / 2) }
    }

    /// Whether the learnt offset is large enough to report.
    public var isOffsetLarge: Bool {
        guard let offset = offsetMillis else { return false }
        return offset.magnitude >= Self.largeOffsetMillis.magnitude
    }
}
