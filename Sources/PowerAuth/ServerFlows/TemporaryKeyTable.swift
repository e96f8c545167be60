import FoundationEssentials
import QRAuthCrypto

/// The temporary keys a server issued, by id, with the scope each was issued for and its expiry: 3.3's P-256
/// private keys (`ServerTemporaryKeys`) and 4.0's shared secrets (`ServerTemporaryKeysV4`). Using a key does not
/// consume it; a lookup checks the expiry and the `(APP_KEY, activation id)` the key was issued for. Bounded: expired
/// keys are dropped on every insert, and past `capacity` the keys closest to expiry go first.
package final class TemporaryKeyTable<Secret: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `keys` is read and written only while `lock` is held.

    /// One issued key.
    package struct Key: Sendable {
        /// `sub`, the id requests name in `temporaryKeyId`.
        package var id: String
        /// The `APP_KEY` it was issued for.
        package var applicationKey: String
        /// The activation it was issued for (nil: application scope).
        package var activationId: String?
        /// The secret half: a private key (3.3) or a shared secret (4.0).
        package var secret: Secret
        /// When it expires, Unix milliseconds.
        package var expiresMillis: Int64
    }

    private let lock = Lock()
    private var keys: [String: Key] = [:]
    /// The most keys held at once.
    package let capacity: Int

    /// An empty table.
    package init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Remembers `key`, making room first.
    package func insert(_ key: Key, nowMillis: Int64) {
        lock.lock()
        defer { lock.unlock() }
        keys = Self.room(in: keys, capacity: capacity, nowMillis: nowMillis, expires: \.expiresMillis)
        keys[key.id] = key
    }

    /// The key `id` when it exists, has not expired and was issued for this application key and activation (nil for
    /// application scope).
    package func key(id: String, applicationKey: String, activationId: String?, nowMillis: Int64) -> Key? {
        lock.lock()
        defer { lock.unlock() }
        guard let key = keys[id], key.expiresMillis > nowMillis, key.applicationKey == applicationKey,
            key.activationId == activationId
        else { return nil }
        return key
    }

    /// How many keys are held.
    package var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return keys.count
    }

    /// `keys` without its expired entries and, when still at `capacity`, without the ones expiring first, so one
    /// more fits.
    private static func room<Value>(
        in keys: [String: Value], capacity: Int, nowMillis: Int64, expires: (Value) -> Int64
    ) -> [String: Value] {
        var keys = keys.filter { expires($0.value) > nowMillis }
        if keys.count >= capacity {
            let oldest = keys.sorted { expires($0.value) < expires($1.value) }.prefix(keys.count - capacity + 1)
            for entry in oldest { keys[entry.key] = nil }
        }
        return keys
    }
}
