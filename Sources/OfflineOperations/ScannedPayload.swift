import QRAuthEncoding

/// What a scanned QR payload is, for tools that read many codes: an offline operation, a PAC, or other.
public enum ScannedPayload: Equatable, Sendable {
    /// A valid offline operation.
    case offlineOperation(OfflineOperation)
    /// Text laid out like an offline operation (7 or more LF-separated lines) that does not parse.
    case malformedOfflineOperation(OfflineOperationError)
    /// A PAC deeplink, QR text or JWT.
    case pac(PACToken)
    /// Anything else (including bytes that are not UTF-8).
    case other

    /// Classifies payload bytes; offline operations are tried first, then PAC (with `options`).
    public init(bytes: some Collection<UInt8>, pacOptions: PACParser.Options = .init()) {
        guard let text = String(strictUTF8: bytes) else {
            self = .other
            return
        }
        let lineFeeds = text.unicodeScalars.lazy.filter { $0 == "\n" }.count
        if lineFeeds >= OfflineOperation.minimumLines - 1 {
            do {
                self = .offlineOperation(try OfflineOperation(text))
            } catch {
                self = .malformedOfflineOperation(error)
            }
        } else if let token = try? PACParser.parse(text, options: pacOptions) {
            self = .pac(token)
        } else {
            self = .other
        }
    }
}
