package import FoundationEssentials
import QRAuthCrypto

/// PowerAuth protocol 4.0 (spec powerauth-v4.md): the primitives and constructions the device and the
/// server share. Everything is nested here so the 3.x surface stays as it is.
package enum PowerAuthV4 {
    /// The protocol version string, as it enters KDF contexts, digests and headers.
    package static let version = "4.0"

    /// The algorithm suites of protocol 4.0 (spec §2); `EC_P256` is the 3.x suite and has no 4.0 form.
    package enum Suite: String, Sendable, CaseIterable, Codable {
        /// DHKEM(P-384) only; ECDSA P-384 signatures.
        case ecP384 = "EC_P384"
        /// DHKEM(P-384) and ML-KEM-768; ECDSA P-384 and ML-DSA-65 signatures (SDK 2.0's default).
        case ecP384MLL3 = "EC_P384_ML_L3"

        /// Whether the suite adds ML-KEM to the shared secret.
        package var isHybrid: Bool { self == .ecP384MLL3 }

        /// The suites this library speaks, strongest first.
        package static let strongestFirst: [Suite] = [.ecP384MLL3, .ecP384]

        /// SDK 2.0's choice: the strongest suite of ours the server offers (`/pa/v4/status` `supportedAlgorithms`);
        /// nil when it offers none of them (the client then stays on 3.3).
        package static func strongest(offered: [String]) -> Suite? {
            strongestFirst.first { offered.contains($0.rawValue) }
        }
    }

    /// The KMAC customization strings of protocol 4.0 (spec §3.1).
    package enum Customization: String, Sendable, CaseIterable {
        /// Label KDF, including the AEAD sub-keys.
        case kdf = "PA4KDF"
        /// Password KDF.
        case passwordKDF = "PA4PBKDF"
        /// Authentication codes.
        case authenticationCode = "PA4CODE"
        /// MAC-token digest.
        case tokenDigest = "PA4DIGEST"
        /// Activation-scope SHARED_INFO_2.
        case sharedInfo2 = "PA4SH2"
        /// AEAD tag.
        case aeadMAC = "PA4MAC-AEAD"
        /// Status-blob MAC.
        case statusMAC = "PA4MAC-STATUS"
        /// Counter hash in the status blob.
        case counterMAC = "PA4MAC-CTR"
        /// Offline QR key `2` tag.
        case personalizedQR = "PA4MAC-QR"
        /// Shared-secret combiner (not `PA4KDF`).
        case combiner = "KDF"
    }

    /// `KMAC256(key, message, 8 × length, customization)`.
    package static func kmac(
        key: some DataProtocol, message: some DataProtocol, length: Int = 32, _ customization: Customization
    ) throws(PowerAuthError) -> Data {
        do {
            return try KMAC256.authenticationCode(
                for: message, key: key, length: length, customization: customization.rawValue)
        } catch {
            throw PowerAuthError(.crypto, "KMAC-256 (\(customization.rawValue)): \(error.reason)")
        }
    }

    /// `SIZES(a, b, …)`: each element as a 4-byte big-endian length and its bytes; a nil element is `BE32(0)`
    /// (DOC-BASIC `concatWithSizes`).
    package static func sizes(_ elements: [Data?]) -> Data {
        var output = Data()
        for element in elements {
            output.append(bigEndian32(element?.count ?? 0))
            if let element { output.append(element) }
        }
        return output
    }

    /// A 4-byte big-endian integer.
    package static func bigEndian32(_ value: Int) -> Data {
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).bigEndian) { Data($0) }
    }

    /// An 8-byte big-endian integer.
    package static func bigEndian64(_ value: Int64) -> Data {
        withUnsafeBytes(of: UInt64(bitPattern: value).bigEndian) { Data($0) }
    }

    /// UTF-8 bytes of a string as `Data`.
    static func utf8(_ text: String) -> Data { Data(text.utf8) }

    /// A P-384 public key from its uncompressed point; a bad point is a `.crypto` error naming `what`.
    static func p384PublicKey(_ x963: Data, _ what: String) throws(PowerAuthError) -> NISTP384.PublicKey {
        do {
            return try NISTP384.PublicKey(x963Representation: x963)
        } catch {
            throw crypto(what, error)
        }
    }

    /// Maps a QRAuthCrypto error to the PowerAuth one, naming what failed.
    static func crypto(_ what: String, _ error: CryptoError) -> PowerAuthError {
        PowerAuthError(.crypto, "\(what): \(error.reason)")
    }
}
