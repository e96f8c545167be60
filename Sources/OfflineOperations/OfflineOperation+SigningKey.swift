extension OfflineOperation {
    /// The server key that signed an offline operation (the first character of the last line).
    ///
    /// The character names the key, not the curve: `0` is the application's master key, ECDSA P-256 for a 3.x
    /// activation and P-384 for a 4.0 one, so a verifier picks the curve by the activation's protocol version.
    public enum SigningKey: String, Equatable, Hashable, Sendable, CaseIterable {
        /// `0`: the application's master server key (non-personalised payloads; no activation needed).
        case master
        /// `1`: the activation's server key, ECDSA P-256 (personalised payloads of 3.x activations).
        case personalized
        /// `2`: a KMAC-256 tag with the activation's 4.0 `KEY_MAC_PERSONALIZED_DATA` (personalised payloads of
        /// 4.0 activations); only the device and the server can check it.
        case personalizedMAC = "personalized-mac"

        /// The indicator character as written in the QR.
        public var indicator: Character {
            switch self {
            case .master: "0"
            case .personalized: "1"
            case .personalizedMAC: "2"
            }
        }

        /// The decoded signature lengths the mobile SDKs accept for this key: 64-255 bytes for an ECDSA DER
        /// signature (P-256 or P-384), exactly 32 for the KMAC tag.
        public var signatureLengths: ClosedRange<Int> {
            self == .personalizedMAC ? 32...32 : 64...255
        }

        /// The key for an indicator character, or nil for anything but `0`, `1` and `2`.
        public init?(indicator: Character) {
            guard let key = Self.allCases.first(where: { $0.indicator == indicator }) else { return nil }
            self = key
        }
    }
}
