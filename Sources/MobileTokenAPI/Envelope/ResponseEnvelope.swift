package import FoundationEssentials

/// A Mobile Token API answer: `{"status":"OK"|"ERROR","responseObject":...,"currentTimestamp"?}`.
///
/// Clients decode it (a bad or missing `currentTimestamp` is nil); servers encode it, with the timestamp in
/// the Java server's style (`+0000`) and no `responseObject` for `EmptyPayload`.
package struct ResponseEnvelope<Payload: Sendable>: Sendable {
    /// The outcome.
    package enum Outcome: Sendable {
        case ok(Payload)
        case error(ServerErrorBody)
    }

    /// OK with a payload, or ERROR with its body.
    package let outcome: Outcome
    /// The server's clock.
    package let currentTimestamp: Date?

    /// Makes an envelope.
    package init(_ outcome: Outcome, currentTimestamp: Date? = nil) {
        self.outcome = outcome
        self.currentTimestamp = currentTimestamp
    }
}

extension ResponseEnvelope: Decodable where Payload: Decodable {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        let status = try container.value("status", as: String.self)
        currentTimestamp = container.lenient("currentTimestamp", as: String.self).flatMap(OperationTimestamp.parse)
        switch status {
        case "OK":
            if Payload.self == EmptyPayload.self, let empty = EmptyPayload() as? Payload {
                outcome = .ok(empty)
            } else {
                outcome = .ok(try container.value("responseObject"))
            }
        case "ERROR":
            outcome = .error(try container.value("responseObject"))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: JSONKey("status"), in: container, debugDescription: "status is '\(status)', not OK or ERROR")
        }
    }
}

extension ResponseEnvelope: Encodable where Payload: Encodable {
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        switch outcome {
        case .ok(let payload):
            try container.encode("OK", forKey: JSONKey("status"))
            if !(payload is EmptyPayload) { try container.encode(payload, forKey: JSONKey("responseObject")) }
        case .error(let body):
            try container.encode("ERROR", forKey: JSONKey("status"))
            try container.encode(body, forKey: JSONKey("responseObject"))
        }
        if let currentTimestamp {
            try container.encode(
                OperationTimestamp.formatServerStyle(currentTimestamp), forKey: JSONKey("currentTimestamp"))
        }
    }
}
