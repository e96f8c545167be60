public import OfflineOperations

extension BackOffice {
    /// `activation/init`.
    public struct InitActivationRequest: Sendable, Hashable, Codable {
        /// The user the activation is for.
        public var userId: String
        /// The application.
        public var applicationId: String
        /// When the unfinished activation expires: ISO 8601, or epoch milliseconds as digits (a JSON number is read
        /// as its digits, as the Java server's Jackson reads either).
        public var timestampActivationExpire: String?
        /// Failed attempts before the activation blocks.
        public var maxFailureCount: Int64?
        /// When the activation becomes ACTIVE (default ON_COMMIT).
        public var commitPhase: OfflineOperations.CommitPhase?
        /// An activation OTP the device (or the commit) must supply.
        public var activationOtp: String?
        /// Activation flags to set.
        public var flags: [String]?

        /// Makes a body.
        public init(
            userId: String,
            applicationId: String,
            timestampActivationExpire: String? = nil,
            maxFailureCount: Int64? = nil,
            commitPhase: OfflineOperations.CommitPhase? = nil,
            activationOtp: String? = nil,
            flags: [String]? = nil
        ) {
            self.userId = userId
            self.applicationId = applicationId
            self.timestampActivationExpire = timestampActivationExpire
            self.maxFailureCount = maxFailureCount
            self.commitPhase = commitPhase
            self.activationOtp = activationOtp
            self.flags = flags
        }

        private enum CodingKeys: String, CodingKey {
            case userId, applicationId, timestampActivationExpire, maxFailureCount, commitPhase, activationOtp, flags
        }

        /// Reads the body; `timestampActivationExpire` may be a string or a whole JSON number (epoch milliseconds).
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            userId = try container.decode(String.self, forKey: .userId)
            applicationId = try container.decode(String.self, forKey: .applicationId)
            if let millis = try? container.decodeIfPresent(Int64.self, forKey: .timestampActivationExpire) {
                timestampActivationExpire = String(millis)
            } else {
                timestampActivationExpire = try container.decodeIfPresent(
                    String.self, forKey: .timestampActivationExpire)
            }
            maxFailureCount = try container.decodeIfPresent(Int64.self, forKey: .maxFailureCount)
            commitPhase = try container.decodeIfPresent(OfflineOperations.CommitPhase.self, forKey: .commitPhase)
            activationOtp = try container.decodeIfPresent(String.self, forKey: .activationOtp)
            flags = try container.decodeIfPresent([String].self, forKey: .flags)
        }
    }
}
