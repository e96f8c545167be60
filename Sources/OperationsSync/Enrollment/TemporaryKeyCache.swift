public import FoundationEssentials

/// A verified 3.3 temporary encryption key (spec: temporary encryption keys): its id (`sub`), public key and expiry.
public struct CachedTemporaryKey: Sendable, Equatable {
    /// `temporaryKeyId`.
    public var id: String
    /// The P-256 public key ECIES encrypts to.
    public var publicKey: Data
    /// `exp_ms`, Unix milliseconds on the server's clock.
    public var expiresMillis: Int64
}

/// Temporary keys per scope, each reused until `exp_ms − 10 s` on the synchronised clock; concurrent fetches for one
/// scope share one request (as the mobile SDK's keystore service does).
actor TemporaryKeyCache {
    /// A key is renewed this long before it expires.
    static let expiryThresholdMillis: Int64 = 10_000

    /// Application scope (by application key) or activation scope (by activation id).
    enum Scope: Hashable, Sendable {
        case application(String)
        case activation(String)
    }

    private var keys: [Scope: CachedTemporaryKey] = [:]
    private var fetches: [Scope: Task<Result<CachedTemporaryKey, EnrollmentError>, Never>] = [:]

    /// The cached key of `scope` while it is fresh at `nowMillis`, else one fetched with `fetch` (shared by every
    /// caller waiting meanwhile).
    func key(
        for scope: Scope, nowMillis: @escaping @Sendable () -> Int64,
        fetch: @escaping @Sendable () async throws(EnrollmentError) -> CachedTemporaryKey
    ) async throws(EnrollmentError) -> CachedTemporaryKey {
        if let key = keys[scope], nowMillis() < key.expiresMillis - Self.expiryThresholdMillis { return key }
        let task: Task<Result<CachedTemporaryKey, EnrollmentError>, Never>
        if let running = fetches[scope] {
            task = running
        } else {
            task = Task {
                do throws(EnrollmentError) {
                    return .success(try await fetch())
                } catch {
                    return .failure(error)
                }
            }
            fetches[scope] = task
        }
        let result = await task.value
        if fetches[scope] == task { fetches[scope] = nil }
        let key = try result.get()
        keys[scope] = key
        return key
    }

    /// Forgets the key of `scope` (the server refused it).
    func drop(_ scope: Scope) {
        keys[scope] = nil
    }
}
