package import FoundationEssentials

/// The layer-2 plaintext of `/pa/v3/activation/create`, encrypted with `ACTIVATION_LAYER_2`.
package struct ActivationLayer2Request: Sendable, Equatable, Codable {
    /// `devicePublicKey`: the device's P-256 point (the SDK sends 33 compressed bytes).
    public var devicePublicKey: Data
    /// `activationName`: the display name.
    public var activationName: String?
    /// `activationOtp`: the additional activation OTP.
    public var activationOtp: String?
    /// `platform`: `iOS`, `Android`, … (the server lower-cases it).
    public var platform: String?
    /// `deviceInfo`: a device model string.
    public var deviceInfo: String?
    /// `extras`: an opaque string for the PowerAuth server.
    public var extras: String?

    /// Makes a request from its fields.
    public init(
        devicePublicKey: Data, activationName: String? = nil, activationOtp: String? = nil, platform: String? = nil,
        deviceInfo: String? = nil, extras: String? = nil
    ) {
        self.devicePublicKey = devicePublicKey
        self.activationName = activationName
        self.activationOtp = activationOtp
        self.platform = platform
        self.deviceInfo = deviceInfo
        self.extras = extras
    }

    enum CodingKeys: String, CodingKey {
        case devicePublicKey, activationName, activationOtp, platform, deviceInfo, extras
    }

    /// Decodes the object; `devicePublicKey` is strict Base64, null members are nil.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        devicePublicKey = try ECIESWireField.requiredBase64(container, .devicePublicKey)
        activationName = try container.decodeIfPresent(String.self, forKey: .activationName)
        activationOtp = try container.decodeIfPresent(String.self, forKey: .activationOtp)
        platform = try container.decodeIfPresent(String.self, forKey: .platform)
        deviceInfo = try container.decodeIfPresent(String.self, forKey: .deviceInfo)
        extras = try container.decodeIfPresent(String.self, forKey: .extras)
    }

    /// Encodes the object, absent keys omitted.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try ECIESWireField.encode(devicePublicKey, &container, .devicePublicKey)
        try container.encodeIfPresent(activationName, forKey: .activationName)
        try container.encodeIfPresent(activationOtp, forKey: .activationOtp)
        try container.encodeIfPresent(platform, forKey: .platform)
        try container.encodeIfPresent(deviceInfo, forKey: .deviceInfo)
        try container.encodeIfPresent(extras, forKey: .extras)
    }
}
