public import FoundationEssentials
import QRAuthCrypto

/// The `X-Cert-Pinning-Challenge` value: Base64 of random bytes, signed as its text.
public enum ChallengeHeader {
    /// The request header name.
    public static let requestHeader = "X-Cert-Pinning-Challenge"
    /// The response header name (clients read it lowercased).
    public static let signatureHeader = "X-Cert-Pinning-Signature"

    /// A fresh challenge as the clients make it: 16 random bytes, padded standard Base64.
    public static func generate() -> String {
        SecureRandom.bytes(count: 16).base64EncodedString()
    }

    /// Whether the Mobile Utility Server would accept `text`: Base64 (padding optional) of 16 to 32 bytes.
    public static func isAcceptedByServer(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        var padded = text
        while padded.count % 4 != 0 { padded += "=" }
        guard let data = Data(base64Encoded: padded) else { return false }
        return (16...32).contains(data.count)
    }

    /// The bytes the server signs: `UTF8(challenge) || '&' || body`.
    public static func signedBytes(challenge: String, body: some DataProtocol) -> Data {
        var data = Data(challenge.utf8)
        data.append(UInt8(ascii: "&"))
        data.append(contentsOf: body)
        return data
    }
}
