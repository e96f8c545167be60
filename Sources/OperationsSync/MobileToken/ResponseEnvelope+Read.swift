import FoundationEssentials
import MobileTokenAPI
import QRAuthEncoding

extension ResponseEnvelope where Payload: Decodable {
    /// Reads a response by the networking-library precedence: a decodable ERROR envelope wins over the status; an
    /// OK envelope is the answer; an undecodable body is `statusCode` on a non-200 status, else `invalidResponse`.
    static func read(_ response: HTTPExchange.Response, endpoint: String) throws(MobileTokenError) -> (Payload, Date?) {
        let envelope: ResponseEnvelope<Payload>
        do {
            envelope = try JSONDuplicateKeys.decode(ResponseEnvelope<Payload>.self, from: response.body)
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
