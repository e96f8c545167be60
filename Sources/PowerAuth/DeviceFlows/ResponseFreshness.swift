/// The check of an authenticated ECIES answer's `timestamp` (3.2+) against the request's: a fresh answer to this
/// request was made after it was sent, on a clock at most `windowMillis` away. An answer made long before the
/// request (or far after it) is stale or replayed, even when its MAC verifies.
package enum ResponseFreshness {
    /// The server's replay window (spec: replay protection and clocks).
    public static let windowMillis: Int64 = 60_000

    /// Throws `replay` when `responseTimestamp` is earlier than `requestTimestamp − window` or later than
    /// `receivedMillis + window` (both on the server-synchronised clock). An absent timestamp (3.0/3.1) passes.
    public static func check(
        responseTimestamp: Int64?, requestTimestamp: Int64, receivedMillis: Int64, windowMillis: Int64 = windowMillis
    ) throws(PowerAuthError) {
        guard let responseTimestamp else { return }
        if responseTimestamp < requestTimestamp &- windowMillis {
            throw PowerAuthError(
                .replay,
                "the server's answer is dated \((requestTimestamp - responseTimestamp) / 1000) s before the request "
                    + "(stale or replayed)")
        }
        if responseTimestamp > receivedMillis &+ windowMillis {
            throw PowerAuthError(
                .replay,
                "the server's answer is dated \((responseTimestamp - receivedMillis) / 1000) s after it arrived")
        }
    }
}
