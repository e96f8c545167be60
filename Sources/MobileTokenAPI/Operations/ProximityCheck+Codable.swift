import FoundationEssentials

extension ProximityCheck: Codable {
    /// Decodes `otp`, `type` and the timestamps.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.otp = try container.value("otp")
        self.type = try container.value("type")
        self.timestampReceived = try container.timestamp("timestampReceived")
        self.timestampSent = try? container.timestamp("timestampSent")
    }

    /// Encodes as the request sends it: dates as `yyyy-MM-ddTHH:mm:ssZ` in UTC.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(otp, forKey: JSONKey("otp"))
        try container.encode(type, forKey: JSONKey("type"))
        try container.encodeTimestamp(timestampReceived, "timestampReceived")
        try container.encodeTimestamp(timestampSent, "timestampSent")
    }
}
