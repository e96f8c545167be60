import Foundation
import MobileTokenAPI

/// The back-office response envelopes of the PowerAuth server (`ObjectResponse`): `{"status":"OK",
/// "responseObject":…}` and the error form, with dates as Spring Boot's Jackson writes them
/// (`2025-01-01T12:00:00.000+00:00`).
enum BackOfficeEnvelope {
    /// The success envelope around `payload`.
    static func ok<Payload: Encodable>(_ payload: Payload) -> ServerResponse {
        encode(Success(responseObject: payload), status: 200)
    }

    /// The error envelope for `failure`, with its HTTP status.
    static func failure(_ failure: BackOfficeFailure) -> ServerResponse {
        encode(
            Failure(
                responseObject: .init(
                    code: failure.code.rawValue, message: failure.message, localizedMessage: failure.message)),
            status: failure.code.httpStatus)
    }

    /// `2025-01-01T12:00:00.000+00:00`, in UTC.
    static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        let text = formatter.string(from: date)
        return text.hasSuffix("Z") ? String(text.dropLast()) + "+00:00" : text
    }

    /// Reads an ISO-8601 date with or without fraction, with `Z` or any `±hh:mm`/`±hhmm` offset.
    static func parse(_ text: String) -> Date? {
        for options: ISO8601DateFormatter.Options in [
            [.withInternetDateTime, .withFractionalSeconds], [.withInternetDateTime],
        ] {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date }
        }
        return OperationTimestamp.parse(text)
    }

    /// The decoder for request bodies: dates as `parse` reads them.
    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            if let millis = try? container.decode(Int64.self) {
                return Date(timeIntervalSince1970: TimeInterval(millis) / 1000)
            }
            let text = try container.decode(String.self)
            guard let date = parse(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO-8601 date")
            }
            return date
        }
        return decoder
    }

    /// Encodes compactly with sorted keys and Jackson-style dates.
    static func encode(_ value: some Encodable, status: Int) -> ServerResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(format(date))
        }
        do {
            return .json(try encoder.encode(value), status: status)
        } catch {
            return .json(
                Data(
                    #"{"status":"ERROR","responseObject":{"code":"ERR0000","message":"encoding failed","localizedMessage":"encoding failed"}}"#
                        .utf8),
                status: 500)
        }
    }

    private struct Success<Payload: Encodable>: Encodable {
        let status = "OK"
        let responseObject: Payload
    }

    private struct Failure: Encodable {
        struct Body: Encodable {
            let code: String
            let message: String
            let localizedMessage: String
        }

        let status = "ERROR"
        let responseObject: Body
    }
}
