import FoundationEssentials
import HTTPTypes
import Hummingbird
import MobileTokenAPI
import NIOCore

/// The Mobile Token API success envelopes (spec §6.2, `MobileTokenAPI.ResponseEnvelope`) as responses, and the
/// JSON encoding every answer of the emulator shares (the error envelope is `APIFailure`'s).
enum Envelope {
    /// A success envelope as a response.
    static func ok<Payload: Encodable & Sendable>(_ payload: Payload, currentTimestamp: Date? = nil) -> Response {
        encode(ResponseEnvelope(.ok(payload), currentTimestamp: currentTimestamp), status: 200)
    }

    /// `{"status":"OK"}`.
    static func okEmpty() -> Response {
        encode(ResponseEnvelope(.ok(EmptyPayload())), status: 200)
    }

    /// Encodes `value` compactly with sorted keys (Foundation's key order is not stable otherwise).
    static func encode(_ value: some Encodable, status: Int) -> Response {
        do {
            return json(try encoded(value), status: status)
        } catch {
            return json(
                Data(#"{"status":"ERROR","responseObject":{"code":"ERROR_GENERIC","message":"encoding failed"}}"#.utf8),
                status: 500)
        }
    }

    /// The bytes `encode(_:status:)` answers with (for an answer that is sealed before it is sent).
    static func encoded(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(value)
    }

    /// A JSON response with `body` verbatim.
    static func json(_ body: Data, status: Int = 200) -> Response {
        Response(
            status: .init(code: status), headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}

extension Response {
    /// Adds `X-PowerAuth-Signature-Type` (the factors a signed echo was verified with).
    mutating func addSignatureType(_ value: String) {
        if let name = HTTPField.Name("X-PowerAuth-Signature-Type") {
            headers.append(HTTPField(name: name, value: value))
        }
    }
}

extension Request {
    /// The first value of a header field, by case-insensitive name.
    func header(_ name: String) -> String? {
        HTTPField.Name(name).flatMap { headers[values: $0].first }
    }

    /// The first value of a query parameter (percent-decoded).
    func query(_ name: String) -> String? {
        uri.queryParameters.first { $0.key == name[...] }.map { String($0.value) }
    }
}
