package import FoundationEssentials
package import QRAuthCrypto

/// The server side of `/pa/v3/keystore/create` (spec §2.3, §2.5): issues 3.3 temporary encryption keys and keeps
/// them in memory until they expire. Using a key does not consume it; a lookup checks the expiry and the
/// `(APP_KEY, activation id)` the key was issued for. The table is bounded: expired keys are dropped on every issue,
/// and past `capacity` the keys closest to expiry go first.
package final class ServerTemporaryKeys: Sendable {
    /// One issued key; its `secret` is the private half.
    package typealias Key = TemporaryKeyTable<NISTP256.Signing.PrivateKey>.Key

    /// How long a key is valid (PowerAuth server default 300 000 ms).
    package static let validityMillis: Int64 = TemporaryKey.defaultValidityMilliseconds

    private let table: TemporaryKeyTable<NISTP256.Signing.PrivateKey>

    /// An empty table.
    package init(capacity: Int = 10_000) {
        table = TemporaryKeyTable(capacity: capacity)
    }

    /// The most keys held at once.
    package var capacity: Int { table.capacity }

    /// The scope a keystore request JWT asks for, read from its unverified claims so the caller can find the
    /// application (and activation) whose secrets verify it.
    package static func claims(of jwt: String) throws(PowerAuthError) -> TemporaryKeyRequest {
        try TemporaryKeyRequest.unverifiedClaims(of: jwt)
    }

    /// Verifies the request `jwt` (HS256 with the application secret and, in activation scope, the transport key),
    /// makes a fresh P-256 key valid `validityMillis` from `nowMillis`, remembers it and returns the ES256 response
    /// JWT signed with `signingKey` (the master key in application scope, the activation's server key in activation
    /// scope).
    package func issue(
        for jwt: String, applicationSecret: String, transportKey: Data?, signingKey: NISTP256.Signing.PrivateKey,
        nowMillis: Int64, validityMillis: Int64 = ServerTemporaryKeys.validityMillis
    ) throws(PowerAuthError) -> String {
        let request = try TemporaryKeyRequest.verify(
            jwt, applicationSecret: applicationSecret, transportKey: transportKey)
        let key = NISTP256.Signing.PrivateKey()
        let id = UUID().uuidString.lowercased()
        let response = try TemporaryKey.responseJWT(
            for: request, keyId: id, publicKey: key.publicKey, issuedAt: nowMillis,
            validityMilliseconds: validityMillis, signingKey: signingKey)
        insert(
            Key(
                id: id, applicationKey: request.applicationKey, activationId: request.activationId, secret: key,
                expiresMillis: nowMillis.addingReportingOverflow(validityMillis).partialValue),
            nowMillis: nowMillis)
        return response
    }

    /// Remembers `key`.
    package func insert(_ key: Key, nowMillis: Int64) {
        table.insert(key, nowMillis: nowMillis)
    }

    /// The private key of `id` when it exists, has not expired and was issued for this application key and
    /// activation (nil for application scope).
    package func privateKey(
        id: String, applicationKey: String, activationId: String?, nowMillis: Int64
    ) -> NISTP256.Signing.PrivateKey? {
        table.key(id: id, applicationKey: applicationKey, activationId: activationId, nowMillis: nowMillis)?.secret
    }

    /// How many keys are held.
    package var count: Int { table.count }
}
