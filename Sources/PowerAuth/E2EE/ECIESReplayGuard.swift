import FoundationEssentials

extension ECIES {
    /// The server's replay protection for ECIES requests that carry a timestamp (3.2+).
    ///
    /// Each accepted request's `(ephemeralPublicKey, nonce)` is remembered for `windowMilliseconds`; a repeat inside
    /// that time, or a timestamp the policy refuses, is a `.replay` error. Call it after the request decrypted, so
    /// forged requests never fill the table. Requests without a timestamp (3.0/3.1) pass unrecorded.
    public actor ReplayGuard {
        /// The timestamp rule.
        public let policy: ECIES.TimestampPolicy
        /// How long a request is remembered and, per policy, how far its timestamp may be off (default 60 000).
        public let windowMilliseconds: Int64
        private var seen: [Data: Int64] = [:]

        /// Makes an empty guard.
        public init(policy: ECIES.TimestampPolicy = .server2, windowMilliseconds: Int64 = 60_000) {
            self.policy = policy
            self.windowMilliseconds = max(1, windowMilliseconds)
        }

        /// Accepts and records `request` at `now` (Unix ms), or throws `.replay`.
        public func check(_ request: ECIES.EncryptedRequest, now: Int64) throws(PowerAuthError) {
            guard let timestamp = request.timestamp else { return }
            guard policy.accepts(timestamp: timestamp, now: now, windowMilliseconds: windowMilliseconds) else {
                throw PowerAuthError(.replay, "the ECIES request timestamp is outside the server's window")
            }
            seen = seen.filter { $0.value > now }
            let key = request.ephemeralPublicKey + Data([0]) + (request.nonce ?? Data())
            guard seen[key] == nil else {
                throw PowerAuthError(.replay, "the ECIES request was already received (replay)")
            }
            seen[key] = now.addingReportingOverflow(windowMilliseconds).partialValue
        }

        /// How many requests are remembered right now (for tests and diagnostics).
        public var count: Int { seen.count }
    }
}
