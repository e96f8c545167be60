/// Which requests of a `MobileTokenClient` wait for each other (signature counters must reach the server in order).
public enum RequestSerialization: String, Sendable, Hashable, CaseIterable {
    /// Signed (`X-PowerAuth-Authorization`) requests run one at a time, from signing to the answer; the default.
    case serialSigned
    /// Every request runs one at a time.
    case serialAll
    /// Nothing waits: signed requests may reach the server out of counter order (the look-ahead window may
    /// absorb it, or not).
    case concurrentAll
}
