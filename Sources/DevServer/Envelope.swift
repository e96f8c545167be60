import Foundation
import MobileTokenAPI

/// The Mobile Token API envelopes (spec §6.2, `MobileTokenAPI.ResponseEnvelope`) as responses, and the JSON
/// encoder they share.
enum Envelope {
    /// A success envelope as a response.
    static func ok<Payload: Encodable & Sendable>(_ payload: Payload, currentTimestamp: Date? = nil) -> ServerResponse {
        encode(ResponseEnvelope(.ok(payload), currentTimestamp: currentTimestamp), status: 200)
    }

    /// `{"status":"OK"}`.
    static func okEmpty() -> ServerResponse {
        encode(ResponseEnvelope(.ok(EmptyPayload())), status: 200)
    }

    /// An error envelope with the code's HTTP status.
    static func failure(_ failure: APIFailure) -> ServerResponse {
        encode(
            ResponseEnvelope<EmptyPayload>(
                .error(ServerErrorBody(code: failure.codeText, message: failure.message))),
            status: failure.httpStatus)
    }

    /// Encodes `value` compactly with sorted keys (Foundation's key order is not stable otherwise).
    static func encode(_ value: some Encodable, status: Int) -> ServerResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        do {
            return .json(try encoder.encode(value), status: status)
        } catch {
            return .json(
                Data(#"{"status":"ERROR","responseObject":{"code":"ERROR_GENERIC","message":"encoding failed"}}"#.utf8),
                status: 500)
        }
    }
}
