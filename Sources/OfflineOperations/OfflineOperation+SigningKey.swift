extension OfflineOperation {
    /// The server key that signed an offline operation (the first character of the last line).
    public enum SigningKey: String, Equatable, Hashable, Sendable, CaseIterable {
        /// `0`: the application's master server key (non-personalised payloads; no activation needed).
        case master
        /// `1`: the activation's server key (personalised payloads).
        case personalized

        /// The indicator character as written in the QR.
        public var indicator: Character { self == .master ? "0" : "1" }

        /// The key for an indicator character, or nil for anything but `0` and `1`.
        public init?(indicator: Character) {
            switch indicator {
            case "0": self = .master
            case "1": self = .personalized
            default: return nil
            }
        }
    }
}
