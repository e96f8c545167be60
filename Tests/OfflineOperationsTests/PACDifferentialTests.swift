import Foundation
import OfflineOperations
import QRAuthEncoding
import QRAuthTestSupport
import Testing

/// Compares `PACParser.parse` with a model of the iOS algorithm written with Foundation's own URL
/// types (spec §5.2–§5.4), over seeded random URL-like text. Base64 is the one deliberate
/// difference (our strict decoder), so the model uses `StrictBase64` too.
@Suite("PAC parser against a Foundation model of the SDK")
struct PACDifferentialTests {
    struct Payload: Decodable {
        let oid: String
        let totp: String?

        enum Keys: String, CodingKey { case oid, totp, potp }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            oid = try container.decode(String.self, forKey: .oid)
            totp =
                try container.decodeIfPresent(String.self, forKey: .totp)
                ?? container.decodeIfPresent(String.self, forKey: .potp)
        }
    }

    static func modelJWT(_ code: String) -> [String?]? {
        let parts = code.split(separator: ".")
        var payload = parts.count > 1 ? String(parts[1]) : ""
        while payload.utf8.count % 4 != 0 { payload += "=" }
        guard let data = StrictBase64.decode(payload), let decoded = try? JSONDecoder().decode(Payload.self, from: data)
        else { return nil }
        return [decoded.oid, decoded.totp]
    }

    static func modelDeeplink(_ url: URL) -> [String?]? {
        guard let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems else { return nil }
        if let oid = items.first(where: { $0.name == "oid" }), let value = oid.value?.removingPercentEncoding {
            let totp = items.first { $0.name == "totp" || $0.name == "potp" }?.value?.removingPercentEncoding
            return [value, totp]
        }
        if let first = items.first?.value { return modelJWT(first) }
        return nil
    }

    static func model(_ code: String) -> [String?]? {
        if let encoded = code.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed),
            let url = URL(string: encoded), url.scheme != nil
        {
            return modelDeeplink(url)
        }
        return modelJWT(code)
    }

    static let prefixes = [
        "scheme://op?", "x:?", "s://h:1/p?", "s://h:x?", "s://u@h:?", "op?", "", "1a:?", "a.b:?", "s:/p?", "s://h#?",
        // A leading ':' (issue 29): Foundation's URL reads an empty scheme, so the SDK takes a deeplink.
        ":?", ":op?", "://h?",
    ]
    static let names = ["oid", "oid", "potp", "totp", "code", "x", "", "o%69d", "oid ", "OID"]
    static let valuePieces = [
        "1", "A", "%25", "%41", "%zz", "%", "%2", "+", " ", "é", "\u{301}", "#", "=", "?", "/", ".", "%C3%A9", "%FF",
        "eyJvaWQiOiIxIn0", "eyJvaWQiOiJhIiwicG90cCI6IjIifQ==", "eyJhbGciOiJub25lIn0.", "eyJvaWQiOjF9",
    ]

    static func text(_ rng: inout SeededGenerator) -> String {
        var text = prefixes.randomElement(using: &rng)!
        let items = (0..<Int.random(in: 0...4, using: &rng)).map { _ in
            let name = names.randomElement(using: &rng)!
            guard Int.random(in: 0..<6, using: &rng) > 0 else { return name }
            let value = (0..<Int.random(in: 0...3, using: &rng)).map { _ in valuePieces.randomElement(using: &rng)! }
            return name + "=" + value.joined()
        }
        text += items.joined(separator: "&")
        return text
    }

    @Test(arguments: [21, 22, 23, 24] as [UInt64])
    func agreesWithTheFoundationModel(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var disagreements: [String] = []
        var parsed = 0
        for _ in 0..<1500 {
            let text = Self.text(&rng)
            let ours = (try? PACParser.parse(text, options: .sdk)).map { [$0.operationId, $0.totp] }
            let theirs = Self.model(text)
            if ours != nil { parsed += 1 }
            if ours != theirs {
                disagreements.append(
                    "\(text.debugDescription): ours \(String(describing: ours)), model \(String(describing: theirs))")
            }
        }
        #expect(parsed > 100, "too few inputs parse for the comparison to mean much: \(parsed)")
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5).joined(separator: "\n"))")
    }
}
