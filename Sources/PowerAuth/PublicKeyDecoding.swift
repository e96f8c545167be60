import FoundationEssentials
import QRAuthCrypto

/// Turns stored key bytes into OpenSSL-backed keys with PowerAuth errors naming the field.
enum PublicKeyDecoding {
    /// Accepts an uncompressed (65 B) or compressed (33 B) X9.62 point.
    static func publicKey(_ data: Data, field: String) throws(PowerAuthError) -> NISTP256.Signing.PublicKey {
        do {
            switch data.count {
            case 65: return try NISTP256.Signing.PublicKey(x963Representation: data)
            case 33: return try NISTP256.Signing.PublicKey(compressedRepresentation: data)
            default:
                throw PowerAuthError(.key, "\(field) must be a 65- or 33-byte P-256 point, not \(data.count) bytes")
            }
        } catch let error as PowerAuthError {
            throw error
        } catch {
            throw PowerAuthError(.key, "\(field) is not a valid P-256 public key")
        }
    }

    /// Accepts a raw 32-byte scalar or Java's signed `BigInteger` bytes (1–33).
    static func privateKey(_ data: Data, field: String) throws(PowerAuthError) -> NISTP256.Signing.PrivateKey {
        do {
            if data.count == 32 { return try NISTP256.Signing.PrivateKey(rawRepresentation: data) }
            return try NISTP256.Signing.PrivateKey(javaRepresentation: data)
        } catch {
            throw PowerAuthError(.key, "\(field) is not a valid P-256 private key")
        }
    }
}
