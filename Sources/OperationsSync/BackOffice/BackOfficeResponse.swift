public import MobileTokenAPI
public import QRAuthEncoding

/// A successful back-office answer: the typed `responseObject` and the same object as the server sent it.
public struct BackOfficeResponse<Payload: Sendable>: Sendable {
    /// The `responseObject`, decoded.
    public let payload: Payload
    /// The `responseObject` as a JSON value (every field the server sent, known to the model or not).
    public let raw: JSONValue

    /// Makes a response.
    public init(payload: Payload, raw: JSONValue) {
        self.payload = payload
        self.raw = raw
    }
}
