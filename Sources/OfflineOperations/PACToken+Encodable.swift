import QRAuthEncoding

extension PACToken: Encodable {
    private enum Keys: String, CodingKey {
        case operationId, totp, form, jwt
    }

    /// The `--json` shape; nulls written out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(operationId, forKey: .operationId)
        try container.encode(totp, forKey: .totp)
        try container.encode(form.rawValue, forKey: .form)
        try container.encode(jwt, forKey: .jwt)
    }
}

extension PACJWT: Encodable {
    private enum Keys: String, CodingKey {
        case text, header, algorithm, unsigned, verified, payload, payloadEncoding, sdkCompatible, totpKey
        case signingInput, signature
    }

    /// The JWT parts: header and payload as JSON text, bytes as Base64; `verified` is always false.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(text, forKey: .text)
        try container.encode(header.map { String(decoding: $0, as: UTF8.self) }, forKey: .header)
        try container.encode(algorithm, forKey: .algorithm)
        try container.encode(isUnsigned, forKey: .unsigned)
        try container.encode(false, forKey: .verified)
        try container.encode(String(decoding: payload, as: UTF8.self), forKey: .payload)
        try container.encode(payloadEncoding.rawValue, forKey: .payloadEncoding)
        try container.encode(payloadEncoding == .base64, forKey: .sdkCompatible)
        try container.encode(totpKey, forKey: .totpKey)
        try container.encode(StrictBase64.encode(signingInput), forKey: .signingInput)
        try container.encode(signature.map { StrictBase64.encode($0) }, forKey: .signature)
    }
}
