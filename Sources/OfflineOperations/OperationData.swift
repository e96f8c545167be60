/// The parsed operation data line (`{VERSION}{TEMPLATE}*{FIELD}*…`).
public struct OperationData: Equatable, Hashable, Sendable {
    /// The grammar version: `A` is v1; `B`–`Z` are newer versions parsed with the same rules.
    public enum Version: String, Equatable, Hashable, Sendable {
        /// Version `A`.
        case v1
        /// Any later letter (`B`–`Z`), kept for forward compatibility (the SDK's `vX`).
        case vX
    }

    /// The version the letter maps to.
    public var version: Version { versionLetter == "A" ? .v1 : .vX }
    /// The version letter as it appeared (`A`–`Z`).
    public let versionLetter: Character
    /// The template number, 0–99 (0 generic, 1 payment, 2 login; others shown as generic).
    public let templateId: Int
    /// The data fields after the header, at most 6.
    public let fields: [OperationDataField]
    /// The raw, escaped line exactly as signed (what offline signing uses).
    public let sourceString: String

    /// The most data fields the SDK parsers accept (the documentation says 5; the code allows 6).
    public static let maximumFields = 6

    /// Makes operation data from parts, for building payloads; `sourceString` is computed.
    public init(versionLetter: Character = "A", templateId: Int, fields: [OperationDataField]) {
        self.versionLetter = versionLetter
        self.templateId = templateId
        self.fields = fields
        self.sourceString = ([String(versionLetter) + String(templateId)] + fields.map(\.serialized))
            .joined(separator: "*")
    }

    /// Parses an operation data line; `line` is the 1-based line number used in error reasons.
    public init(parsing text: String, line: Int = 4) throws(OfflineOperationError) {
        let pieces = OperationText.splitFields(text)
        let header = pieces.first ?? ""
        guard let letter = header.first, letter >= "A", letter <= "Z" else {
            throw OfflineOperationError(
                .dataVersion,
                "line \(line) (operation data): version must be a letter A-Z, got \(header.isEmpty ? "an empty header" : header.quotedForError)",
                line: line)
        }
        guard let template = Self.template(header.dropFirst()) else {
            throw OfflineOperationError(
                .dataTemplate,
                "line \(line) (operation data): template must be an integer 0-99, got \(String(header.dropFirst()).quotedForError)",
                line: line)
        }
        let rawFields = pieces.dropFirst()
        guard rawFields.count <= Self.maximumFields else {
            throw OfflineOperationError(
                .tooManyFields,
                "line \(line) (operation data): \(rawFields.count) fields, at most \(Self.maximumFields) are allowed",
                line: line)
        }
        var fields: [OperationDataField] = []
        for (index, raw) in rawFields.enumerated() {
            fields.append(try OperationDataField(parsing: raw, line: line, index: index + 1))
        }
        self.versionLetter = letter
        self.templateId = template
        self.fields = fields
        self.sourceString = text
    }

    /// Swift `Int(String)` semantics (optional sign, ASCII digits), limited to 0...99.
    static func template(_ text: Substring) -> Int? {
        var scalars = Substring.UnicodeScalarView(text.unicodeScalars)
        var negative = false
        if let sign = scalars.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            scalars = scalars.dropFirst()
        }
        guard !scalars.isEmpty else { return nil }
        var value = 0
        for scalar in scalars {
            guard scalar.isASCII, let digit = Int(exactly: scalar.value), digit >= 48, digit <= 57 else { return nil }
            value = min(value * 10 + (digit - 48), 1000)
        }
        if negative { value = -value }
        return (0...99).contains(value) ? value : nil
    }
}
