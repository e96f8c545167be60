import Foundation
import OfflineOperations
import QRAuthTestSupport
import Testing

/// Round trips over random content: every escape-worthy character, non-ASCII, empty values, 0–6 fields.
@Suite("Offline operation round-trip properties")
struct OfflineOperationPropertyTests {
    static let alphabet: [Character] = [
        "a", "Z", "0", " ", "n", "\\", "*", "\n", "\r", "\t", ",", "&", "=", "é", "e\u{301}", "漢", "😀", "🇨🇿",
        "\u{0}", "A", "I", "D", "T",
    ]

    static func text(_ rng: inout SeededGenerator, maxLength: Int = 12) -> String {
        let length = Int.random(in: 0...maxLength, using: &rng)
        return String((0..<length).map { _ in alphabet.randomElement(using: &rng)! })
    }

    static func field(_ rng: inout SeededGenerator) -> OperationDataField {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0:
            let integer = String(Int.random(in: 0...999_999, using: &rng))
            let value =
                ["", "-", "+"].randomElement(using: &rng)! + integer
                + ["", ".", ".5", ".00", ".325"].randomElement(using: &rng)!
            return .amount(
                OperationAmount(value: value, currency: ["EUR", "CZK", "USD", "É*X"].randomElement(using: &rng)!))
        case 1:
            return .account(iban: "CZ2730300000001165254011", bic: Bool.random(using: &rng) ? "AIRACZPP" : nil)
        case 2:
            return .date(OperationDate(year: Int.random(in: 1...9999, using: &rng), month: 2, day: 28)!)
        case 3: return .anyAccount(text(&rng))
        case 4: return .reference(text(&rng))
        case 5: return .note(text(&rng))
        case 6: return .text(text(&rng))
        case 7: return .fallback(type: ["X", "Z", "é", "7", "+"].randomElement(using: &rng)!, text: text(&rng))
        default: return .empty
        }
    }

    /// The independent statement of what the grammar cannot carry (for this alphabet).
    static func isRepresentable(_ builder: OfflineOperationBuilder) -> Bool {
        func hasBackslashN(_ text: String) -> Bool {
            let characters = Array(text)
            return zip(characters, characters.dropFirst()).contains { $0 == "\\" && $1 == "n" }
        }
        func endsInCR(_ text: String) -> Bool { text.unicodeScalars.last == "\r" }
        if builder.operationId.isEmpty || builder.operationId.unicodeScalars.contains("\n")
            || endsInCR(builder.operationId)
        {
            return false
        }
        for text in [builder.title, builder.message] where hasBackslashN(text) || endsInCR(text) { return false }
        for (index, field) in builder.fields.enumerated() {
            let text: String? =
                switch field {
                case .anyAccount(let t), .reference(let t), .note(let t), .text(let t), .fallback(_, let t): t
                default: nil
                }
            guard let text else { continue }
            if hasBackslashN(text) { return false }
            if index < builder.fields.count - 1, text.last == "\\" { return false }
            if index == builder.fields.count - 1, endsInCR(text) { return false }
        }
        return true
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func buildParseRoundTrip(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let signature = Data(
            (0..<Int.random(in: 64...255, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) })
        var accepted = 0
        for _ in 0..<250 {
            let nonce = Data((0..<16).map { _ in UInt8.random(in: 0...255, using: &rng) })
            let hasTOTP = Bool.random(using: &rng)
            let builder = OfflineOperationBuilder(
                operationId: Bool.random(using: &rng) ? "5ff1b1ed-\(rng.next())" : Self.text(&rng, maxLength: 6),
                title: Self.text(&rng), message: Self.text(&rng),
                versionLetter: ["A", "B", "Z"].randomElement(using: &rng)!,
                templateId: Int.random(in: 0...99, using: &rng),
                fields: (0..<Int.random(in: 0...6, using: &rng)).map { _ in Self.field(&rng) },
                flags: .init(
                    rawValue: String(
                        ["B", "X", "F", "C", "Q", "é"].shuffled(using: &rng).prefix(Int.random(in: 0...6, using: &rng)))
                ),
                totp: hasTOTP ? String(Int.random(in: 0...99_999_999, using: &rng)) : nil,
                extraAttributes: hasTOTP ? (0..<Int.random(in: 0...2, using: &rng)).map { "extra \($0)" } : [],
                nonce: nonce)
            let key: OfflineOperation.SigningKey = Bool.random(using: &rng) ? .master : .personalized
            let expectedRepresentable = Self.isRepresentable(builder)
            do {
                let text = try builder.operationString(signingKey: key, signature: signature)
                #expect(expectedRepresentable, "accepted an unrepresentable value: \(builder)")
                let operation = try OfflineOperation(text)
                #expect(OfflineOperationBuilder(operation) == builder)
                // String == is canonical equivalence; the bytes must survive too.
                #expect(Array(operation.title.utf8) == Array(builder.title.utf8))
                #expect(Array(operation.message.utf8) == Array(builder.message.utf8))
                #expect(operation.signedData == (try builder.bytesToSign(signingKey: key)))
                #expect(operation.signature == signature)
                #expect(operation.signingKey == key)
                #expect(operation.nonceBytes == nonce)
                #expect(operation.isNewerFormat == !builder.extraAttributes.isEmpty)
                accepted += 1
            } catch {
                #expect(error.code == .unrepresentable, "\(error.reason)")
                #expect(!expectedRepresentable, "refused a representable value: \(error.reason) \(builder)")
            }
        }
        #expect(accepted > 50)
    }

    @Test(arguments: [11, 12, 13] as [UInt64])
    func randomTextNeverCrashesTheParser(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let base = QROperationVector.all.first?.input ?? ""
        for _ in 0..<2000 {
            var characters = Array(base)
            for _ in 0..<Int.random(in: 1...4, using: &rng) where !characters.isEmpty {
                let index = Int.random(in: 0..<characters.count, using: &rng)
                if Bool.random(using: &rng) {
                    characters[index] = Self.alphabet.randomElement(using: &rng)!
                } else {
                    characters.remove(at: index)
                }
            }
            let text = String(characters)
            do {
                let operation = try OfflineOperation(text)
                #expect(operation.rawLines.joined(separator: "\n") == text)
                #expect(operation.signedData + Data(operation.signatureBase64.utf8) == Data(text.utf8))
            } catch {
                #expect(!error.reason.contains("\n"))
            }
        }
    }
}
