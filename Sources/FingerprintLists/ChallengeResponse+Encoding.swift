public import FoundationEssentials
import QRAuthEncoding

extension ChallengeResponse {
    /// The body as the Mobile Utility Server writes it: compact JSON, keys in declaration order
    /// (`timestamp`, `fingerprints`, `domainsConfig`, `verifyVersionResult`), absent values omitted.
    /// Sign these exact bytes with the challenge (`ChallengeHeader.signedBytes`).
    public func encoded() -> Data {
        var parts: [String] = []
        if let timestamp { parts.append("\"timestamp\":\(timestamp)") }
        let items = entries.map { entry in
            var fields = [
                "\"name\":" + JSONText.string(entry.name),
                "\"fingerprint\":" + JSONText.string(entry.fingerprint.base64EncodedString()),
                "\"expires\":\(entry.expires)",
            ]
            if let depth = entry.depth { fields.append("\"depth\":\(depth)") }
            return "{" + fields.joined(separator: ",") + "}"
        }
        parts.append("\"fingerprints\":[" + items.joined(separator: ",") + "]")
        if let domainsConfig {
            let domains = domainsConfig.domains.map {
                "{\"name\":\(JSONText.string($0.name)),\"sslPinningRequired\":\($0.sslPinningRequired)}"
            }
            parts.append(
                "\"domainsConfig\":{\"sslPinningRequiredForUnlisted\":\(domainsConfig.sslPinningRequiredForUnlisted),"
                    + "\"domains\":[" + domains.joined(separator: ",") + "]}")
        }
        if let verifyVersionResult {
            var fields = ["\"update\":" + JSONText.string(verifyVersionResult.update)]
            if let message = verifyVersionResult.message { fields.append("\"message\":" + JSONText.string(message)) }
            parts.append("\"verifyVersionResult\":{" + fields.joined(separator: ",") + "}")
        }
        return Data(("{" + parts.joined(separator: ",") + "}").utf8)
    }
}
