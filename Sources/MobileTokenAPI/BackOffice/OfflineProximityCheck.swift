extension BackOffice {
    /// The proximity TOTP of an offline payload or check (`proximityCheck`).
    public struct OfflineProximityCheck: Sendable, Hashable, Codable {
        /// The TOTP seed, Base64.
        public var seed: String
        /// The TOTP step in seconds.
        public var stepLength: Int64
        /// Past steps also accepted (verify only).
        public var stepCount: Int64?

        /// Makes a body.
        public init(seed: String, stepLength: Int64, stepCount: Int64? = nil) {
            self.seed = seed
            self.stepLength = stepLength
            self.stepCount = stepCount
        }
    }
}
