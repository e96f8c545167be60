import FingerprintLists
import Foundation
import Testing

@Suite("Static list codec")
struct FingerprintListCodecTests {
    static let signature =
        "MEYCIQC5K31csaP/8qiLdZjmimxmptN83nBc0Uw8+m4RvoXffwIhAKK5B/z+seyGAUG+j36m48cq82lFDWttPNCDTWN6dl+s"
    static let fingerprint = "AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE="

    static func list(entry: String, extra: String = "") -> Data {
        Data("{\"fingerprints\":[\(entry)]\(extra)}".utf8)
    }

    static func entry(expires: String = "4102444800", fields: String = "") -> String {
        "{\"name\":\"api.example.com\",\"fingerprint\":\"\(fingerprint)\",\"expires\":\(expires),"
            + "\"signature\":\"\(signature)\"\(fields)}"
    }

    @Test func roundTripIsByteStable() throws {
        let original = try FingerprintList.decode(Fixtures.data("generated-static-v1-payload.json"))
        let encoded = original.encoded()
        let again = try FingerprintList.decode(encoded)
        #expect(again == original)
        #expect(again.encoded() == encoded)
        #expect(String(decoding: encoded, as: UTF8.self).contains("\"name\": \"bücher.example\""))
    }

    @Test func escapedNamesAreDecodedBeforeSigning() throws {
        let text = Self.entry().replacingOccurrences(of: "api.example.com", with: "b\\u00fccher.example")
        let list = try FingerprintList.decode(Self.list(entry: text))
        #expect(list.entries[0].name == "bücher.example")
    }

    @Test(arguments: [
        ("1540280280000", FingerprintListError.Code.invalidExpiry, "milliseconds"),
        ("1540280280.5", .invalidExpiry, "integer"),
        ("1.54e9", .invalidExpiry, "integer"),
        ("-5", .invalidExpiry, "integer"),
        ("0", .invalidExpiry, "outside"),
        ("\"1540280280\"", .wrongType, "a string"),
    ])
    func badExpiryIsRefusedByName(_ expires: String, _ code: FingerprintListError.Code, _ words: String) {
        do {
            _ = try FingerprintList.decode(Self.list(entry: Self.entry(expires: expires)))
            Issue.record("accepted \(expires)")
        } catch {
            #expect(error.code == code)
            #expect(error.reason.contains(words))
            #expect(error.reason.contains("fingerprints[0]"))
        }
    }

    /// Issue 29, parity: the SDKs decode `timestamp` as a date from a number; another value fails the whole list.
    @Test(arguments: [(#""1700000000""#, false), ("true", false), ("{}", false), ("1700000000", true), ("null", true)])
    func aTimestampThatIsNotANumberFailsTheList(value: String, accepted: Bool) throws {
        let data = Self.list(entry: Self.entry(), extra: ",\"timestamp\":\(value)")
        if accepted {
            #expect(try FingerprintList.decode(data).entries.count == 1)
        } else {
            #expect(throws: FingerprintListError(.wrongType, "")) { try FingerprintList.decode(data) }
            #expect(throws: FingerprintListError(.wrongType, "")) { try FingerprintList.decodeFallback(data) }
        }
    }

    @Test func unsignedFieldsAreRefusedInAStaticList() {
        #expect(throws: FingerprintListError(.forbiddenField, "")) {
            try FingerprintList.decode(Self.list(entry: Self.entry(fields: ",\"depth\":1")))
        }
        #expect(throws: FingerprintListError(.forbiddenField, "")) {
            try FingerprintList.decode(
                Self.list(
                    entry: Self.entry(), extra: ",\"domainsConfig\":{\"sslPinningRequiredForUnlisted\":false}"))
        }
    }

    @Test func fingerprintAndSignatureMustBeCanonical() {
        let hex = String(repeating: "01", count: 32)
        do {
            _ = try FingerprintList.decode(
                Self.list(entry: Self.entry().replacingOccurrences(of: Self.fingerprint, with: hex)))
            Issue.record("hex accepted")
        } catch {
            #expect(error.code == .invalidFingerprint)
            #expect(error.reason.contains("hex"))
        }
        let short = Data(repeating: 1, count: 20).base64EncodedString()
        #expect(throws: FingerprintListError(.invalidFingerprint, "")) {
            try FingerprintList.decode(
                Self.list(entry: Self.entry().replacingOccurrences(of: Self.fingerprint, with: short)))
        }
        let unpadded = String(Self.fingerprint.dropLast())
        #expect(throws: FingerprintListError(.invalidFingerprint, "")) {
            try FingerprintList.decode(
                Self.list(entry: Self.entry().replacingOccurrences(of: Self.fingerprint, with: unpadded)))
        }
        #expect(throws: FingerprintListError(.missingField, "")) {
            try FingerprintList.decode(
                Self.list(
                    entry: Self.entry().replacingOccurrences(of: ",\"signature\":\"\(Self.signature)\"", with: "")))
        }
    }

    @Test(arguments: [
        "", "{", "[]", "{\"fingerprints\":{}}", "{}", "{\"fingerprints\":[1]}",
        "{\"fingerprints\":[],\"fingerprints\":[]}", "{\"fingerprints\":[]} x", String(repeating: "[", count: 100),
    ])
    func malformedDocumentsThrowTypedErrors(_ text: String) {
        #expect(throws: FingerprintListError.self) { try FingerprintList.decode(Data(text.utf8)) }
    }

    @Test func jsonErrorsNameTheLine() {
        do {
            _ = try FingerprintList.decode(Data("{\n  \"fingerprints\": [\n    {,\n  ]\n}".utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.code == .malformedJSON)
            #expect(error.reason.contains("line 3"))
        }
    }

    @Test func fallbackAcceptsEmptySignatures() throws {
        let payloads = try ExtractedVectors.load().payloads
        let fallback = try #require(payloads.first { $0.mode.hasPrefix("fallback") })
        let list = try FingerprintList.decodeFallback(Data(fallback.body.utf8))
        #expect(list.entries.count == 1)
        #expect(list.entries[0].signature == nil)
        #expect(throws: FingerprintListError.self) { try FingerprintList.decode(Data(fallback.body.utf8)) }
    }

    @Test func upsertReplacesTheSamePinAndSortsDeterministically() {
        var list = FingerprintList()
        let a = FingerprintEntry(name: "b.example", fingerprint: Data(repeating: 1, count: 32), expires: 100)
        let b = FingerprintEntry(name: "a.example", fingerprint: Data(repeating: 2, count: 32), expires: 100)
        let c = FingerprintEntry(name: "b.example", fingerprint: Data(repeating: 3, count: 32), expires: 200)
        list.upsert(a)
        list.upsert(b)
        list.upsert(c)
        #expect(list.entries.map(\.expires) == [100, 200, 100])
        var renewed = a
        renewed.expires = 300
        list.upsert(renewed)
        #expect(list.entries.count == 3)
        #expect(list.entries.map(\.expires) == [100, 300, 200])
        var other = FingerprintList()
        for entry in [c, renewed, b] { other.upsert(entry) }
        #expect(other.encoded() == list.encoded())
    }

    @Test func clientSortOrderMatchesTheIOSVector() throws {
        let sorting = try ExtractedVectors.load().sorting
        func entries(_ rows: [[ExtractedVectors.Cell]]) -> [FingerprintEntry] {
            rows.map {
                FingerprintEntry(name: $0[0].text, fingerprint: Fixtures.repeated($0[1].text), expires: $0[2].number)
            }
        }
        #expect(entries(sorting.input).sorted(by: FingerprintEntry.clientOrder) == entries(sorting.expected))
    }
}

@Suite("Canonical Base64")
struct CanonicalBase64Tests {
    @Test(arguments: ["AA==", "AAA=", "AAAA", "/w==", "AQID", "AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE="])
    func canonicalFormsDecode(_ text: String) throws {
        let data = try #require(Data(base64Encoded: text))
        #expect(data.base64EncodedString() == text)
        let entry = "{\"fingerprints\":[{\"name\":\"a\",\"fingerprint\":\"\(text)\",\"expires\":1,\"signature\":\"\"}]}"
        do {
            _ = try FingerprintList.decodeFallback(Data(entry.utf8))
        } catch {
            #expect(error.code == .invalidFingerprint)
            #expect(error.reason.contains("bytes"), "a canonical form must fail only on length")
        }
    }

    @Test(arguments: ["AB==", "AAB=", "AA", "AA=", "AA==\n", " AAAA", "AA=A", "====", "", "A===", "AAAA===="])
    func nonCanonicalFormsAreRefused(_ text: String) {
        let entry =
            "{\"fingerprints\":[{\"name\":\"a\",\"fingerprint\":\"\(text.replacingOccurrences(of: "\n", with: "\\n"))\",\"expires\":1}]}"
        do {
            _ = try FingerprintList.decodeFallback(Data(entry.utf8))
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.code == .invalidFingerprint)
            #expect(error.reason.contains("canonical"))
        }
    }
}
