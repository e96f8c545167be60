import Foundation

/// A Mobile Token API answer: `{"status":"OK"|"ERROR","responseObject":...,"currentTimestamp"?}` (spec §6.2).
struct ResponseEnvelope<Payload: Decodable & Sendable>: Decodable, Sendable {
    /// The decoded outcome.
    enum Outcome: Sendable {
        case ok(Payload)
        case error(ServerErrorBody)
    }

    let outcome: Outcome
    /// The server's clock, decoded leniently (a bad or missing value is nil).
    let currentTimestamp: Date?

    init(from decoder: any Decoder) throws {
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

extension ResponseEnvelope {
    /// Reads a response by the networking-library precedence: a decodable ERROR envelope wins over the status; an
    /// OK envelope is the answer; an undecodable body is `statusCode` on a non-200 status, else `invalidResponse`.
    static func read(_ response: HTTPResponse, endpoint: String) throws(MobileTokenError) -> (Payload, Date?) {
        let envelope: ResponseEnvelope<Payload>
        do {
            envelope = try JSONDecoder().decode(ResponseEnvelope<Payload>.self, from: response.body)
        } catch {
            let detail = (error as? DecodingError)?.summary ?? "not JSON"
            if response.statusCode != 200 {
                throw MobileTokenError(
                    .statusCode, "\(endpoint) answered HTTP \(response.statusCode) without an envelope (\(detail))",
                    httpStatus: response.statusCode)
            }
            throw MobileTokenError(
                .invalidResponse, "\(endpoint) answered 200 with an unexpected body: \(detail)",
                httpStatus: response.statusCode)
        }
        switch envelope.outcome {
        case .ok(let payload):
            return (payload, envelope.currentTimestamp)
        case .error(let body):
            throw MobileTokenError(
                MobileTokenError.code(forServerCode: body.code),
                "\(endpoint) failed: \(body.code) (HTTP \(response.statusCode)): \(body.message.prefix(300))",
                serverCode: body.code, serverMessage: body.message, httpStatus: response.statusCode)
        }
    }
}
