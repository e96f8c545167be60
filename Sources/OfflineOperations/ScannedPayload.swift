public import struct Foundation.Data

/// What a scanned QR payload is: an offline operation, a PAC, other text, or binary data.
///
/// Classification tries the strict parsers in that order; a payload that is not valid UTF-8 is binary.
public enum ScannedPayload: Sendable, Equatable {
    /// A Wultra offline operation (parsed; signature not verified).
    case offlineOperation(OfflineOperation)
    /// A Proximity Anti-fraud Check deeplink or JWT (parsed; signature not verified).
    case pac(PACToken)
    /// UTF-8 text that is neither.
    case text(String)
    /// Bytes that are not valid UTF-8.
    case binary(Data)

    /// Classifies `bytes`; `text` is their strict UTF-8 reading, or nil when they are not UTF-8.
    public init(bytes: Data, text: String?) {
        guard let text else {
            self = .binary(bytes)
            return
        }
        if let operation = try? OfflineOperation(text) {
            self = .offlineOperation(operation)
        } else if let token = try? PACParser.parse(text) {
            self = .pac(token)
        } else {
            self = .text(text)
        }
    }

    /// The stable kind name used in JSON: `offline-operation`, `pac`, `text` or `binary`.
    public var kind: String {
        switch self {
        case .offlineOperation: "offline-operation"
        case .pac: "pac"
        case .text: "text"
        case .binary: "binary"
        }
    }
}
