import OfflineOperations

/// A PAC token as `--json` prints it (`pac parse`, `scan --parse`): the library's fields with `form` spelt
/// kebab-case (`deeplink`, `deeplink-jwt`, `jwt`), nulls written out.
struct PACTokenJSON: Encodable {
    let token: PACToken

    private enum Keys: String, CodingKey {
        case operationId, totp, form, jwt
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(token.operationId, forKey: .operationId)
        try container.encode(token.totp, forKey: .totp)
        try container.encode(JSONSpelling.kebab(token.form.rawValue), forKey: .form)
        try container.encode(token.jwt, forKey: .jwt)
    }
}
