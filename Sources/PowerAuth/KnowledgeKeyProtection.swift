package import FoundationEssentials
import QRAuthCrypto

/// The knowledge key at rest, protected as the PowerAuth mobile SDK does: PBKDF2-HMAC-SHA1 (16-byte salt,
/// 10 000 iterations) then AES-128-CBC, zero IV, no padding. A wrong password decrypts to a wrong key
/// without any error; only the server can tell.
package struct KnowledgeKeyProtection: Sendable, Equatable, Codable {
    /// The iteration count the SDK and powerauth-cmd-tool use.
    public static let defaultIterations = 10_000

    /// The encrypted 16-byte knowledge key.
    public var encryptedKey: Data
    /// The 16-byte PBKDF2 salt.
    public var salt: Data
    /// PBKDF2 iterations.
    public var iterations: Int

    /// Wraps stored values (from a file); checks lengths.
    public init(encryptedKey: Data, salt: Data, iterations: Int = defaultIterations) throws(PowerAuthError) {
        guard encryptedKey.count == 16 else {
            throw PowerAuthError(.length, "the encrypted knowledge key must be 16 bytes, not \(encryptedKey.count)")
        }
        guard salt.count == 16 else {
            throw PowerAuthError(.length, "the knowledge key salt must be 16 bytes, not \(salt.count)")
        }
        guard (1...10_000_000).contains(iterations) else {
            throw PowerAuthError(.activationFile, "the PBKDF2 iteration count \(iterations) is out of range")
        }
        self.encryptedKey = encryptedKey
        self.salt = salt
        self.iterations = iterations
    }

    /// Protects `knowledgeKey` under `password` with `salt` (16 bytes; a fresh random one when nil).
    public static func protect(
        knowledgeKey: Data, password: String, salt: Data? = nil,
        iterations: Int = defaultIterations
    ) throws(PowerAuthError) -> KnowledgeKeyProtection {
        guard knowledgeKey.count == 16 else {
            throw PowerAuthError(.length, "the knowledge key must be 16 bytes, not \(knowledgeKey.count)")
        }
        let salt = salt ?? SecureRandom.bytes(count: 16)
        let storageKey = try storageKey(password: password, salt: salt, iterations: iterations)
        do {
            let encrypted = try AES128.encryptCBC(knowledgeKey, key: storageKey, iv: Data(count: 16), padding: false)
            return try KnowledgeKeyProtection(encryptedKey: encrypted, salt: salt, iterations: iterations)
        } catch let error as PowerAuthError {
            throw error
        } catch {
            throw PowerAuthError(.crypto, "cannot encrypt the knowledge key")
        }
    }

    /// Decrypts the knowledge key; any password yields 16 bytes (a wrong one, wrong bytes).
    public func knowledgeKey(password: String) throws(PowerAuthError) -> Data {
        let storageKey = try Self.storageKey(password: password, salt: salt, iterations: iterations)
        do {
            return try AES128.decryptCBC(encryptedKey, key: storageKey, iv: Data(count: 16), padding: false)
        } catch {
            throw PowerAuthError(.crypto, "cannot decrypt the knowledge key")
        }
    }

    static func storageKey(password: String, salt: Data, iterations: Int) throws(PowerAuthError) -> Data {
        do {
            return try PBKDF2.deriveSHA1(
                password: Data(password.utf8), salt: salt, iterations: iterations, keyLength: 16)
        } catch {
            throw PowerAuthError(.crypto, "PBKDF2 failed: \(error.reason)")
        }
    }
}
