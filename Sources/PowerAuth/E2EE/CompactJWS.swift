import FoundationEssentials
import QRAuthEncoding

/// The three parts of a compact JWS, kept as the received text so the signing input is exact.
struct CompactJWS {
    /// `B64URL(header) "." B64URL(payload)` as ASCII bytes: what the signature covers.
    let signingInput: Data
    /// The decoded header bytes.
    let header: Data
    /// The decoded payload bytes.
    let payload: Data
    /// The decoded signature bytes.
    let signature: Data

    /// Splits `text` into exactly three non-empty base64url parts; nil otherwise.
    init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }),
            let header = StrictBase64.decodeURL(parts[0]), let payload = StrictBase64.decodeURL(parts[1]),
            let signature = StrictBase64.decodeURL(parts[2])
        else { return nil }
        signingInput = Data("\(parts[0]).\(parts[1])".utf8)
        self.header = header
        self.payload = payload
        self.signature = signature
    }

    /// A compact JSON object from ordered members whose values are already JSON text.
    static func jsonObject(_ members: [(String, String)]) -> String {
        "{" + members.map { JSONText.string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }
}
