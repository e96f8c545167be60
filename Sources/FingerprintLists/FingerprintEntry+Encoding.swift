import FoundationEssentials
import QRAuthEncoding

extension FingerprintEntry {
    /// The entry as a JSON object in the tool's field order (name, fingerprint, expires,
    /// signature), fields on their own lines, indented by `indent` spaces (the braces by
    /// `indent - 2`).
    public func jsonText(indent: Int = 2) -> String {
        let pad = String(repeating: " ", count: indent)
        let outer = String(repeating: " ", count: max(0, indent - 2))
        var fields = [
            "\"name\": " + JSONText.string(name),
            "\"fingerprint\": " + JSONText.string(fingerprint.base64EncodedString()),
            "\"expires\": \(expires)",
        ]
        if let signature {
            fields.append("\"signature\": " + JSONText.string(signature.base64EncodedString()))
        }
        return outer + "{\n" + pad + fields.joined(separator: ",\n" + pad) + "\n" + outer + "}"
    }
}
