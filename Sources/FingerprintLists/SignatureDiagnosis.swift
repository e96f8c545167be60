import FoundationEssentials
import QRAuthEncoding

/// Explains a signature that does not verify by trying the mistakes users make when signing by
/// hand: the README's field order, milliseconds, a hex fingerprint, a trailing
/// newline from `echo` without `-n`.
public enum SignatureDiagnosis: String, Sendable, Codable, CaseIterable {
    /// Signed as `name&expires&fingerprint` (the tool README's OpenSSL recipe).
    case readmeFieldOrder = "readme-field-order"
    /// `expires` was signed in milliseconds.
    case milliseconds
    /// The fingerprint was signed as hex instead of Base64.
    case hexFingerprint = "hex-fingerprint"
    /// The signed string ended with a newline.
    case trailingNewline = "trailing-newline"

    /// The string this mistake would have signed for `entry`.
    public func signedString(for entry: FingerprintEntry) -> String {
        let base64 = entry.fingerprint.base64EncodedString()
        switch self {
        case .readmeFieldOrder: return "\(entry.name)&\(entry.expires)&\(base64)"
        case .milliseconds: return "\(entry.name)&\(base64)&\(entry.expires * 1000)"
        case .hexFingerprint:
            let hex = entry.fingerprint.lowercaseHex
            return "\(entry.name)&\(hex)&\(entry.expires)"
        case .trailingNewline: return entry.signedString + "\n"
        }
    }

    /// A human explanation of the mistake.
    public var explanation: String {
        switch self {
        case .readmeFieldOrder:
            "signed as name&expires&fingerprint (the tool README's OpenSSL order); sign name&fingerprint&expires"
        case .milliseconds: "signed with expires in milliseconds; sign Unix seconds"
        case .hexFingerprint: "signed with the fingerprint in hex; sign its Base64"
        case .trailingNewline: "signed with a trailing newline; use echo -n or printf"
        }
    }

    /// The first known mistake that explains `entry`'s signature under `publicKey`, if any.
    public static func diagnose(_ entry: FingerprintEntry, publicKey: PinningPublicKey) -> SignatureDiagnosis? {
        guard let signature = entry.signature else { return nil }
        return allCases.first { publicKey.isValidSignature(signature, for: Data($0.signedString(for: entry).utf8)) }
    }
}
