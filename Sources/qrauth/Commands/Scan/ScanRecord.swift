import FoundationEssentials
import OfflineOperations
import PowerAuth
import QRImaging

/// The `--json` line for one input: `{"path", "symbols", "error"}` (plus `budgetExhausted` when a
/// time budget cut the scan short).
struct ScanRecord: Encodable {
    /// One symbol of the line, classified (and, with keys, its signature checked).
    struct Symbol: Encodable {
        let symbol: QRSymbol
        let payload: ScannedPayload
        let signature: OfflineSignatureCheck?
        let includeParsed: Bool

        /// `offline-operation`, `pac`, `text` or `binary`.
        var kind: String {
            switch payload {
            case .offlineOperation: "offline-operation"
            case .pac: "pac"
            case .malformedOfflineOperation, .other: symbol.text == nil ? "binary" : "text"
            }
        }

        private enum Keys: String, CodingKey {
            case bytes, text, charsets, kind, points, pass, symbology, model, operation, operationError, pac, verdict
        }

        /// One entry of `charsets`: `{"charset", "source"}`.
        struct CharsetJSON: Encodable {
            let charset: String
            let source: String
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(symbol.bytes.base64EncodedString(), forKey: .bytes)
            try container.encodeIfPresent(symbol.text, forKey: .text)
            try container.encode(
                symbol.charsets.map { CharsetJSON(charset: $0.charset, source: $0.source.rawValue) }, forKey: .charsets)
            try container.encode(kind, forKey: .kind)
            let points = symbol.points.map { [($0.x * 10).rounded() / 10, ($0.y * 10).rounded() / 10] }
            try container.encode(points, forKey: .points)
            try container.encode(symbol.pass.rawValue, forKey: .pass)
            try container.encode(symbol.symbology.rawValue, forKey: .symbology)
            try container.encodeIfPresent(symbol.model?.rawValue, forKey: .model)
            try container.encodeIfPresent(signature.map { JSONSpelling.kebab($0.rawValue) }, forKey: .verdict)
            guard includeParsed else { return }
            switch payload {
            case .offlineOperation(let operation): try container.encode(operation, forKey: .operation)
            case .malformedOfflineOperation(let error):
                try container.encode(
                    JSONError(code: error.code.rawValue, message: error.reason), forKey: .operationError)
            case .pac(let token): try container.encode(PACTokenJSON(token: token), forKey: .pac)
            case .other: break
            }
        }
    }

    let path: String
    let symbols: [Symbol]
    let error: JSONError?
    let budgetExhausted: Bool

    private enum Keys: String, CodingKey {
        case path, symbols, error, budgetExhausted
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(path, forKey: .path)
        try container.encode(symbols, forKey: .symbols)
        try container.encode(error, forKey: .error)
        if budgetExhausted { try container.encode(true, forKey: .budgetExhausted) }
    }
}
