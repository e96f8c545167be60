import Foundation
import OfflineOperations
import QRAuthEncoding
import QRAuthTestSupport
import Testing

/// Compares our Character-level unescaping and exact decimals with the Foundation calls the iOS SDK
/// makes (`replacingOccurrences`, `Decimal(string:)`), over seeded random input.
@Suite("Operation text and amounts against Foundation")
struct OperationTextDifferentialTests {
    static let pieces = ["\\", "n", "\\n", "\\\\", "\u{301}", "*", "a", "é", "\t", " ", "\u{200D}", "\u{200C}"]

    static func foundationUnescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        return text.replacingOccurrences(of: "\\n", with: "\n").replacingOccurrences(of: "\\\\", with: "\\")
    }

    @Test func titleUnescapingMatchesReplacingOccurrences() throws {
        var rng = SeededGenerator(seed: 31)
        let signature = StrictBase64.encode(Data(repeating: 7, count: 70))
        for _ in 0..<3000 {
            let title = (0..<Int.random(in: 0...8, using: &rng)).map { _ in Self.pieces.randomElement(using: &rng)! }
                .joined()
            let text = "id\n\(title)\nm\nA1*T\(title)\nB\nAD8bOO0Df73kNaIGb3Vmpg==\n0\(signature)"
            let operation = try OfflineOperation(text)
            #expect(operation.title == Self.foundationUnescape(title), "\(title.debugDescription)")
        }
    }

    @Test func amountsMatchDecimalStringWhereTheGrammarAccepts() throws {
        var rng = SeededGenerator(seed: 32)
        for _ in 0..<3000 {
            let sign = ["", "-", "+"].randomElement(using: &rng)!
            let integer = String(
                (0..<Int.random(in: 0...12, using: &rng)).map { _ in "0123456789".randomElement(using: &rng)! })
            let fraction =
                Bool.random(using: &rng)
                ? "."
                    + String(
                        (0..<Int.random(in: 0...6, using: &rng)).map { _ in "0123456789".randomElement(using: &rng)! })
                : ""
            let value = sign + integer + fraction
            guard !value.isEmpty else { continue }  // "AEUR" is too short: rejected, as in the SDK
            let text =
                "id\nt\nm\nA1*A\(value)EUR\nB\nAD8bOO0Df73kNaIGb3Vmpg==\n0\(StrictBase64.encode(Data(count: 64)))"
            let operation = try OfflineOperation(text)
            guard case .amount(let amount) = operation.data.fields.first else {
                Issue.record("not an amount: \(value)")
                continue
            }
            let expected = Decimal(string: value) ?? 0  // "", ".", "-" are the SDK's zero
            #expect(Decimal(string: amount.decimalString) == expected, "\(value) gave \(amount.decimalString)")
        }
    }
}
