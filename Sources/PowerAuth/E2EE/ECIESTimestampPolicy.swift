extension ECIES {
    /// Which timestamps a server accepts on 3.2+ requests; both windows are 60 s by default.
    public enum TimestampPolicy: String, Sendable, CaseIterable {
        /// Server 1.9.x: rejects only `timestamp > now + window`; no lower bound.
        case server19 = "1.9"
        /// Server 2.x: rejects `timestamp < now − window` and `timestamp > now` (no forward tolerance).
        case server2 = "2"

        /// Whether `timestamp` is acceptable at `now` (both Unix ms).
        public func accepts(timestamp: Int64, now: Int64, windowMilliseconds: Int64) -> Bool {
            switch self {
            case .server19:
                timestamp <= now.addingReportingOverflow(windowMilliseconds).partialValue
            case .server2:
                timestamp <= now && timestamp >= now.subtractingReportingOverflow(windowMilliseconds).partialValue
            }
        }
    }
}
