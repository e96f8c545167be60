import FoundationEssentials
import Hummingbird
import MobileTokenAPI

/// The back-office response envelopes of the PowerAuth server (`ObjectResponse`): `{"status":"OK",
/// "responseObject":…}` and the error form, with dates as Spring Boot's Jackson writes them
/// (`BackOffice.timestamp`, `2025-01-01T12:00:00.000+00:00`).
enum BackOfficeEnvelope {
    /// The success envelope around `payload`.
    static func ok<Payload: Encodable & Sendable>(_ payload: Payload) -> Response {
        encode(ResponseEnvelope(.ok(payload)), status: 200)
    }

    /// The error envelope for `failure`, with its HTTP status.
    static func failure(_ failure: BackOfficeFailure) -> Response {
        encode(
            ResponseEnvelope<EmptyPayload>(
                .error(
                    ServerErrorBody(
                        code: failure.code.rawValue, message: failure.message, localizedMessage: failure.message))),
            status: failure.code.httpStatus)
    }

    /// The decoder for request bodies: dates as `BackOffice.date` reads them, or epoch milliseconds.
    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            if let millis = try? container.decode(Int64.self) {
                return Date(timeIntervalSince1970: TimeInterval(millis) / 1000)
            }
            let text = try container.decode(String.self)
            guard let date = BackOffice.date(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO-8601 date")
            }
            return date
        }
        return decoder
    }

    /// Encodes compactly with sorted keys and Jackson-style dates.
    static func encode(_ value: some Encodable, status: Int) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(BackOffice.timestamp(date))
        }
        do {
            return Envelope.json(try encoder.encode(value), status: status)
        } catch {
            return Envelope.json(
                Data(
                    #"{"status":"ERROR","responseObject":{"code":"ERR0000","message":"encoding failed","localizedMessage":"encoding failed"}}"#
                        .utf8),
                status: 500)
        }
    }
}
