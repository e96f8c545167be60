/// An exact decimal amount and its currency from an `A` field; never a binary floating-point value.
public struct OperationAmount: Equatable, Hashable, Sendable {
    /// The number as written: optional sign, digits, optional `.` and digits (either run may be empty).
    public let value: String
    /// The last three characters of the field, upper-cased (ISO 4217 expected, not checked).
    public let currency: String

    /// Makes an amount; `value` must match the grammar and `currency` be three upper-case characters
    /// for the builder to accept it.
    public init(value: String, currency: String) {
        self.value = value
        self.currency = currency
    }

    /// Parses the text after `A`; `index` is the 1-based field number for error reasons.
    init(parsing text: Substring, line: Int, index: Int) throws(OfflineOperationError) {
        let where_ = "line \(line) (operation data), field \(index) (amount)"
        guard text.count >= 4 else {
            throw OfflineOperationError(
                .amount, "\(where_): expected {DECIMAL}{CURRENCY}, got \(("A" + text).quotedForError)", line: line)
        }
        let number = String(text.dropLast(3))
        guard Self.isDecimal(number) else {
            throw OfflineOperationError(
                .amount, "\(where_): \(number.quotedForError) is not a decimal number like 1250.00", line: line)
        }
        self.value = number
        self.currency = String(text.suffix(3)).uppercased()
    }

    /// Whether `text` is `[+-]?[0-9]*(\.[0-9]*)?` (`.` and `-` alone are the SDK's zero).
    static func isDecimal(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars[...]
        if let sign = scalars.first, sign == "+" || sign == "-" { scalars = scalars.dropFirst() }
        var seenPoint = false
        for scalar in scalars {
            if scalar == ".", !seenPoint {
                seenPoint = true
            } else if !("0"..."9").contains(scalar) {
                return false
            }
        }
        return true
    }

    private var parts: (negative: Bool, integer: String, fraction: String) {
        var text = Substring(value)
        var negative = false
        if let sign = text.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            text = text.dropFirst()
        }
        let pieces = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let integer = String(pieces.first ?? "").drop { $0 == "0" }
        let fraction = pieces.count > 1 ? String(pieces[1]) : ""
        return (negative, String(integer), fraction)
    }

    /// The canonical decimal: no leading or trailing zeros, no `+`, `0` for zero (`100.00` → `100`, `.325` → `0.325`).
    public var decimalString: String {
        let (negative, integer, fraction) = parts
        let trimmedFraction = String(fraction.reversed().drop { $0 == "0" }.reversed())
        let body = (integer.isEmpty ? "0" : integer) + (trimmedFraction.isEmpty ? "" : "." + trimmedFraction)
        return negative && body != "0" ? "-" + body : body
    }

    /// The amount for people: the decimals as written, a leading zero, and the currency (`1250.00 EUR`).
    public var displayString: String {
        let (negative, integer, fraction) = parts
        let body = (integer.isEmpty ? "0" : integer) + (fraction.isEmpty ? "" : "." + fraction)
        let isZero = !(integer + fraction).contains { $0 != "0" }
        return (negative && !isZero ? "-" : "") + body + " " + currency
    }
}
