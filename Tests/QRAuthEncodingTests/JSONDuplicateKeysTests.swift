import Foundation
import QRAuthEncoding
import QRAuthTestSupport
import Testing

/// The one duplicate-key detector used for every JSON file qrauth reads.
@Suite("JSON duplicate keys")
struct JSONDuplicateKeysTests {
    @Test(
        "finds a repeated key and names its path",
        arguments: [
            (#"{"a":1,"a":2}"#, "a"),
            (#"{"a":1,"b":{"c":1,"c":2}}"#, "b.c"),
            (#"{"list":[{"x":1},{"x":1,"y":2,"x":3}]}"#, "list[1].x"),
            (#"{"a":1,"\u0061":2}"#, "a"),
            (#"{"k\n":1,"k\u000a":2}"#, "k\n"),
            (#"{"😀":1,"\ud83d\ude00":2}"#, "😀"),
            ("{\n  \"counter\" : 1,\n  \"counter\" : 1\n}", "counter"),
        ])
    func finds(_ json: String, _ path: String) {
        #expect(JSONDuplicateKeys.first(in: Data(json.utf8)) == path)
    }

    @Test(
        "accepts documents without repeats, and leaves malformed text to the decoder",
        arguments: [
            #"{"a":1,"b":2}"#, #"{"a":{"a":{"a":1}}}"#, #"[{"a":1},{"a":2}]"#, #"{"a":"a","b":"a"}"#,
            #"{"a":["a","a"]}"#, #"{"a\"":1,"a":2}"#, "", "{", #"{"a":1,"#, #"{"a"#, #"{"a\u12"#,
            #"}}]]{"a":1}"#,
        ])
    func accepts(_ json: String) {
        #expect(JSONDuplicateKeys.first(in: Data(json.utf8)) == nil)
    }

    @Test("deep nesting does not exhaust the stack")
    func deepNesting() {
        let deep = String(repeating: "[", count: 200_000) + #"{"a":1,"a":2}"#
        #expect(JSONDuplicateKeys.first(in: Data(deep.utf8)) != nil)
        let objects = String(repeating: #"{"a":"#, count: 100_000)
        #expect(JSONDuplicateKeys.first(in: Data(objects.utf8)) == nil)
    }

    @Test("random bytes never crash it")
    func randomBytes() {
        var generator = SeededGenerator(seed: 14)
        let alphabet = Array(#"{}[]:,"\u0aA1 "#.utf8)
        for _ in 0..<2_000 {
            let count = Int.random(in: 0..<64, using: &generator)
            let bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }
            _ = JSONDuplicateKeys.first(in: bytes)
        }
    }
}

/// `JSONDuplicateKeys.decode`: the detector in front of a decoder, for JSON that comes from outside.
@Suite("JSON decoding without repeated keys")
struct JSONDuplicateKeysDecodingTests {
    struct Pair: Decodable, Equatable {
        var a: Int
        var b: Int
    }

    @Test func decodesWithoutRepeatsAndRefusesARepeatNamingIt() throws {
        #expect(try JSONDuplicateKeys.decode(Pair.self, from: Data(#"{"a":1,"b":2}"#.utf8)) == Pair(a: 1, b: 2))
        do {
            _ = try JSONDuplicateKeys.decode(Pair.self, from: Data(#"{"a":1,"b":2,"a":3}"#.utf8))
            Issue.record("a repeated key was decoded")
        } catch let error as DecodingError {
            #expect(error.summary == "the key a appears twice (refused: readers disagree)")
        }
        // Malformed JSON is still the decoder's to report.
        #expect(throws: DecodingError.self) { try JSONDuplicateKeys.decode(Pair.self, from: Data("{".utf8)) }
    }
}
