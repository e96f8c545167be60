public import FoundationEssentials
import QRAuthEncoding

/// A request body: nothing, JSON bytes, form fields or raw bytes with a content type.
public enum HTTPBody: Sendable, Hashable {
    /// No body.
    case empty
    /// JSON bytes, sent verbatim as `application/json`.
    case json(Data)
    /// Fields sent as `application/x-www-form-urlencoded`, in order.
    case form([HTTPQueryItem])
    /// Bytes sent verbatim with an optional `Content-Type`.
    case raw(Data, contentType: String?)

    /// Encodes a value as a JSON body.
    public static func json(
        encoding value: some Encodable, encoder: JSONEncoder = JSONEncoder()
    ) throws(HTTPClientError)
        -> HTTPBody
    {
        do {
            return .json(try encoder.encode(value))
        } catch {
            throw HTTPClientError(.jsonEncode, "cannot encode \(type(of: value)) as JSON")
        }
    }

    /// The bytes sent on the wire and the content type that goes with them.
    var encoded: (bytes: Data, contentType: String?) {
        switch self {
        case .empty: (Data(), nil)
        case .json(let data): (data, "application/json")
        case .form(let items):
            (
                Data(PercentEncoding.encodePairs(items.map { ($0.name, $0.value) }, spaceAsPlus: true).utf8),
                "application/x-www-form-urlencoded"
            )
        case .raw(let data, let contentType): (data, contentType)
        }
    }
}
