/// One `*`-separated operation data field, classified by its first character.
public enum OperationDataField: Equatable, Hashable, Sendable {
    /// `A{DECIMAL}{CURRENCY}`: an exact amount and an upper-cased 3-character currency.
    case amount(OperationAmount)
    /// `I{IBAN}[,{BIC}]`: upper-case letters and digits only.
    case account(iban: String, bic: String?)
    /// `Q{TEXT}`: any counter-account text, unescaped.
    case anyAccount(String)
    /// `D{YYYYMMDD}`: a calendar date.
    case date(OperationDate)
    /// `R{TEXT}`: a reference, unescaped.
    case reference(String)
    /// `N{TEXT}`: a note, unescaped.
    case note(String)
    /// `T{TEXT}`: a text attribute, unescaped.
    case text(String)
    /// Any other first character: kept with its type character, the rest unescaped (forward compatibility).
    case fallback(type: Character, text: String)
    /// A zero-length field (`**` or a trailing `*`).
    case empty

    /// The type characters with a defined meaning; any other starts a fallback field.
    public static let knownTypes: Set<Character> = ["A", "I", "Q", "D", "R", "N", "T"]

    /// The field's type character (nil for an empty field).
    public var typeCharacter: Character? {
        switch self {
        case .amount: "A"
        case .account: "I"
        case .anyAccount: "Q"
        case .date: "D"
        case .reference: "R"
        case .note: "N"
        case .text: "T"
        case .fallback(let type, _): type
        case .empty: nil
        }
    }

    /// The field as written in the operation data line, with generator-side escaping.
    public var serialized: String { written(escapingAsterisks: true) }

    /// The field as written, or as the splitter hands it to the field parser (`\*` already read as `*`).
    func written(escapingAsterisks: Bool) -> String {
        let stars = escapingAsterisks ? OperationText.escapeAsterisks : { $0 }
        return switch self {
        case .amount(let amount): "A" + amount.value + stars(amount.currency)
        case .account(let iban, let bic): "I" + iban + (bic.map { "," + $0 } ?? "")
        case .anyAccount(let text): "Q" + stars(OperationText.escapeAttribute(text))
        case .date(let date): "D" + date.compactString
        case .reference(let text): "R" + stars(OperationText.escapeAttribute(text))
        case .note(let text): "N" + stars(OperationText.escapeAttribute(text))
        case .text(let text): "T" + stars(OperationText.escapeAttribute(text))
        case .fallback(let type, let text): String(type) + stars(OperationText.escapeAttribute(text))
        case .empty: ""
        }
    }

    /// Parses one field (already joined at escaped asterisks); `index` is 1-based after the header.
    init(parsing raw: String, line: Int, index: Int) throws(OfflineOperationError) {
        guard let type = raw.first else {
            self = .empty
            return
        }
        let value = raw.dropFirst()
        switch type {
        case "A":
            self = .amount(try OperationAmount(parsing: value, line: line, index: index))
        case "I":
            let parts = value.split(separator: ",", omittingEmptySubsequences: true)
            let where_ = "line \(line) (operation data), field \(index) (account)"
            guard parts.count == 1 || parts.count == 2 else {
                throw OfflineOperationError(
                    .account,
                    "\(where_): expected IBAN[,BIC], got \(parts.count) non-empty parts in \(raw.quotedForError)",
                    line: line)
            }
            for part in parts
            where !part.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || ("A"..."Z").contains($0) }) {
                throw OfflineOperationError(
                    .account,
                    "\(where_): \(part.quotedForError) may hold only upper-case letters A-Z and digits", line: line)
            }
            self = .account(iban: String(parts[0]), bic: parts.count == 2 ? String(parts[1]) : nil)
        case "Q": self = .anyAccount(OperationText.unescape(value))
        case "D": self = .date(try OperationDate(parsing: value, line: line, index: index))
        case "R": self = .reference(OperationText.unescape(value))
        case "N": self = .note(OperationText.unescape(value))
        case "T": self = .text(OperationText.unescape(value))
        default: self = .fallback(type: type, text: OperationText.unescape(value))
        }
    }
}
