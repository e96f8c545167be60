import Foundation
import PowerAuth
import QRAuthCrypto

/// The 3.3 temporary encryption keys `/pa/v3/keystore/create` issued (spec §2.3, §2.5), in memory until they
/// expire. Using a key does not consume it; a lookup checks the expiry and the `(APP_KEY, activation id)` the key
/// was issued for. The table is bounded: expired keys are dropped on every insert, and past `capacity` the keys
/// closest to expiry go first.
final class TemporaryKeyStore: @unchecked Sendable {
    // @unchecked Sendable: `keys` is read and written only while `lock` is held.

    /// One issued key.
    struct Key {
        var id: String
        var applicationKey: String
        var activationId: String?
        var privateKey: NISTP256.Signing.PrivateKey
        var expiresMillis: Int64
    }

    /// How long a key is valid (PowerAuth server default 300 000 ms).
    static let validityMillis: Int64 = 300_000

    private let lock = NSLock()
    private var keys: [String: Key] = [:]
    let capacity: Int

    init(capacity: Int = 10_000) {
        self.capacity = max(1, capacity)
    }

    /// Remembers `key`.
    func insert(_ key: Key, nowMillis: Int64) {
        lock.lock()
        defer { lock.unlock() }
        keys = keys.filter { $0.value.expiresMillis > nowMillis }
        if keys.count >= capacity {
            let oldest = keys.values.sorted { $0.expiresMillis < $1.expiresMillis }.prefix(keys.count - capacity + 1)
            for key in oldest { keys[key.id] = nil }
        }
        keys[key.id] = key
    }

    /// The private key of `id` when it exists, has not expired and was issued for this application key and
    /// activation (nil for application scope).
    func privateKey(
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
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return keys.count
    }
}
