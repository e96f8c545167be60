import Foundation
import QRAuthEncoding
import QRAuthTestSupport
import Testing

@Suite("Strict RFC 4648 Base64")
struct StrictBase64Tests {
    @Test(arguments: [
        ("", ""), ("Zg==", "66"), ("Zm8=", "666f"), ("Zm9v", "666f6f"),
        ("AD8bOO0Df73kNaIGb3Vmpg==", "003f1b38ed037fbde435a2066f7566a6"),
    ])
    func decodesRFCExamples(_ text: String, _ hex: String) throws {
        let bytes = try #require(StrictBase64.decode(text))
        #expect(bytes.map { String(format: "%02x", $0) }.joined() == hex)
        #expect(StrictBase64.encode(bytes) == text)
    }

    @Test(arguments: [
        "AAAA=", "AB=", "A===", "====", "AB=C", " AAA", "AAA\n", "AA-_", "AD8bOO0Df73kNaIGb3Vmpg", "Zm9v\r\n",
    ])
    func rejectsNonCanonicalText(_ text: String) {
        #expect(StrictBase64.decode(text) == nil)
    }

    @Test func trailingBitsAreAcceptedUnlessRefused() {
        #expect(StrictBase64.decode("AB==") == Data([0]))
        #expect(StrictBase64.decode("AB==", allowsNonZeroTrailingBits: false) == nil)
        #expect(StrictBase64.decode("AD8bOO0Df73kNaIGb3Vmph==") == StrictBase64.decode("AD8bOO0Df73kNaIGb3Vmpg=="))
    }

    @Test func base64URLWithOrWithoutPadding() {
        #expect(StrictBase64.decodeURL("-_8") == Data([0xFB, 0xFF]))
        #expect(StrictBase64.decodeURL("-_8=") == Data([0xFB, 0xFF]))
        #expect(StrictBase64.decodeURL("+/8=") == nil)
        #expect(StrictBase64.decodeURL("A") == nil)
    }

    @Test func base64URLEncodingHasNoPaddingAndReadsBack() {
        #expect(StrictBase64.encodeURL([0xFB, 0xFF]) == "-_8")
        #expect(StrictBase64.encodeURL([0x66, 0x6F, 0x6F]) == "Zm9v")
        #expect(StrictBase64.encodeURL([]) == "")
        var rng = SeededGenerator(seed: 11)
        for count in 0..<40 {
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let text = StrictBase64.encodeURL(bytes)
            #expect(!text.contains("=") && !text.contains("+") && !text.contains("/"))
            #expect(StrictBase64.decodeURL(text) == Data(bytes))
        }
    }

    @Test(arguments: [5, 6, 7] as [UInt64])
    func encodeDecodeRoundTripAgreesWithFoundation(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        for length in 0..<200 {
            let data = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) })
            let text = StrictBase64.encode(data)
            #expect(text == data.base64EncodedString())
            #expect(StrictBase64.decode(text) == data)
        }
    }
}
