public import FoundationEssentials

/// A proximity check sent with an approval: the PAC TOTP and when it was received.
public struct ProximityCheck: Sendable, Hashable {
    /// How the TOTP reached the device.
    public enum Source: String, Sendable, Hashable, Codable {
        /// Scanned from a QR code.
        case qrCode = "QR_CODE"
        /// Opened from a deeplink.
        case deeplink = "DEEPLINK"
    }

    /// The TOTP.
    public var otp: String
    /// How it was received.
    public var type: Source
    /// When it was received.
    public var timestampReceived: Date
    /// When the approval is sent; nil means "now" (server time when known) at authorize time.
    public var timestampSent: Date?

    /// Makes a proximity check.
    public init(otp: String, type: Source, timestampReceived: Date, timestampSent: Date? = nil) {
        self.otp = otp
        self.type = type
        self.timestampReceived = timestampReceived
        self.timestampSent = timestampSent
    }
}
