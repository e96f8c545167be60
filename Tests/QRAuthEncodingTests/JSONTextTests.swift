import Foundation
import QRAuthEncoding
import Testing

@Suite("JSON string literals written by hand")
struct JSONTextTests {
    @Test(arguments: [
        ("plain", #""plain""#), ("a\"b\\c", #""a\"b\\c""#), ("a/b", #""a/b""#),
        ("line\nnext\r\ttab", #""line\nnext\r\ttab""#),
        ("\u{01}\u{1F}", #""\u0001\u001f""#), ("čeština ✓", "\"čeština ✓\""),
    ])
    func escapesOnlyWhatJSONRequires(_ text: String, _ literal: String) {
        #expect(JSONText.string(text) == literal)
    }

    @Test func literalsReadBackAsTheirText() throws {
        let text = "quote \" backslash \\ control \u{07} newline \n slash / unicode ž"
        let decoded = try JSONDecoder().decode(String.self, from: Data(JSONText.string(text).utf8))
        #expect(decoded == text)
    }
}
