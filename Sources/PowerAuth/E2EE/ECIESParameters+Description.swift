extension ECIES.Parameters: CustomStringConvertible, CustomDebugStringConvertible {
    /// The non-secret fields; the application secret and the transport key are never printed.
    public var description: String {
        var parts = [
            "version: \(version.rawValue)", "encryptorId: \(encryptorId.rawValue)", "applicationKey: \(applicationKey)",
        ]
        if let activationId { parts.append("activationId: \(activationId)") }
        if let temporaryKeyId { parts.append("temporaryKeyId: \(temporaryKeyId)") }
        return
            "ECIES.Parameters(\(parts.joined(separator: ", ")), applicationSecret: <redacted>, transportKey: <redacted>)"
    }

    /// Same as `description`.
    public var debugDescription: String { description }
}

extension ECIES.EnvelopeKey: CustomStringConvertible, CustomDebugStringConvertible {
    /// Never the key bytes.
    public var description: String { "ECIES.EnvelopeKey(<redacted>)" }

    /// Same as `description`.
    public var debugDescription: String { description }
}

extension ECIESExchange: CustomStringConvertible, CustomDebugStringConvertible {
    /// The parameters only; key material is never printed.
    package var description: String { "ECIESExchange(\(parameters), <keys redacted>)" }

    /// Same as `description`.
    package var debugDescription: String { description }
}

extension TokenCreatePayload: CustomStringConvertible, CustomDebugStringConvertible {
    /// The token id; never the secret.
    public var description: String { "TokenCreatePayload(tokenId: \(tokenId), tokenSecret: <redacted>)" }

    /// Same as `description`.
    public var debugDescription: String { description }
}
