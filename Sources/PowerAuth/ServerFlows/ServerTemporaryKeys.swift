package import QRAuthCrypto

#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

/// The server side of `/pa/v3/keystore/create` (spec §2.3, §2.5): issues 3.3 temporary encryption keys and keeps
/// them in memory until they expire. Using a key does not consume it; a lookup checks the expiry and the
/// `(APP_KEY, activation id)` the key was issued for. The table is bounded: expired keys are dropped on every issue,
/// and past `capacity` the keys closest to expiry go first.
package final class ServerTemporaryKeys: @unchecked Sendable {
    // @unchecked Sendable: `keys` is read and written only while `lock` is held.

    /// One issued key.
    package struct Key: Sendable {
        /// `sub`, the id requests name in `temporaryKeyId`.
        package var id: String
        /// The `APP_KEY` it was issued for.
        package var applicationKey: String
        /// The activation it was issued for (nil: application scope).
        package var activationId: String?
        /// The private half.
        package var privateKey: NISTP256.Signing.PrivateKey
        /// When it expires, Unix milliseconds.
        package var expiresMillis: Int64
    }

    /// How long a key is valid (PowerAuth server default 300 000 ms).
    package static let validityMillis: Int64 = TemporaryKey.defaultValidityMilliseconds

    private let lock = Lock()
    private var keys: [String: Key] = [:]
    /// The most keys held at once.
    package let capacity: Int

    /// An empty table.
    package init(capacity: Int = 10_000) {
        self.capacity = max(1, capacity)
    }

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
                id: id, applicationKey: request.applicationKey, activationId: request.activationId, privateKey: key,
                expiresMillis: nowMillis.addingReportingOverflow(validityMillis).partialValue),
            nowMillis: nowMillis)
        return response
    }

    /// Remembers `key`.
    package func insert(_ key: Key, nowMillis: Int64) {
        lock.lock()
        defer { lock.unlock() }
        keys = Self.room(in: keys, capacity: capacity, nowMillis: nowMillis, expires: \.expiresMillis)
        keys[key.id] = key
    }

    /// The private key of `id` when it exists, has not expired and was issued for this application key and
    /// activation (nil for application scope).
    package func privateKey(
        id: String, applicationKey: String, activationId: String?, nowMillis: Int64
    ) -> NISTP256.Signing.PrivateKey? {
        lock.lock()
        defer { lock.unlock() }
        guard let key = keys[id], key.expiresMillis > nowMillis, key.applicationKey == applicationKey,
            key.activationId == activationId
        else { return nil }
        return key.privateKey
    }

    /// How many keys are held.
    /// `keys` without its expired entries and, when still at `capacity`, without the ones expiring first, so one
    /// more fits (the 3.x and the 4.0 temporary keys share this bound).
    static func room<Value>(
        in keys: [String: Value], capacity: Int, nowMillis: Int64, expires: (Value) -> Int64
    ) -> [String: Value] {
        var keys = keys.filter { expires($0.value) > nowMillis }
        if keys.count >= capacity {
            let oldest = keys.sorted { expires($0.value) < expires($1.value) }.prefix(keys.count - capacity + 1)
            for entry in oldest { keys[entry.key] = nil }
        }
        return keys
    }

    package var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return keys.count
    }
}
