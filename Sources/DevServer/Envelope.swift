import Foundation

/// The Mobile Token API envelopes (spec §6.2) and the JSON encoder they share.
enum Envelope {
    /// `{"status":"OK","responseObject":…,"currentTimestamp":…}`; nil members are omitted.
    struct Success<Payload: Encodable>: Encodable {
        var status = "OK"
        var responseObject: Payload?
        var currentTimestamp: String?
    }

    /// `{"status":"ERROR","responseObject":{"code","message"}}`.
    struct Failure: Encodable {
        struct Body: Encodable {
            var code: String
            var message: String
        }
        var status = "ERROR"
        var responseObject: Body
    }

    /// A success envelope as a response.
    static func ok(_ payload: some Encodable, currentTimestamp: String? = nil) -> ServerResponse {
        encode(Success(responseObject: payload, currentTimestamp: currentTimestamp), status: 200)
    }

    /// `{"status":"OK"}`.
    static func okEmpty() -> ServerResponse {
        .json(Data(#"{"status":"OK"}"#.utf8))
    }

    /// An error envelope with the code's HTTP status.
    static func failure(_ failure: APIFailure) -> ServerResponse {
        encode(
            Failure(responseObject: .init(code: failure.code.rawValue, message: failure.message)),
            status: failure.code.httpStatus)
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
