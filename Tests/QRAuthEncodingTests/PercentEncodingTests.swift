import Testing

@testable import QRAuthEncoding

@Suite("Percent-encoding")
struct PercentEncodingTests {
    @Test(
        "RFC 3986: keeps only unreserved characters; forms use +",
        arguments: [
            ("a b", false, "a%20b"), ("a b", true, "a+b"), ("~-._AZaz09", false, "~-._AZaz09"),
            ("&=+/?#", false, "%26%3D%2B%2F%3F%23"), ("č€", false, "%C4%8D%E2%82%AC"),
        ])
    func rfc3986(input: String, form: Bool, expected: String) {
        #expect(PercentEncoding.encode(input, spaceAsPlus: form) == expected)
    }

    @Test("Java URLEncoder: * kept, ~ escaped, space is +")
    func javaURLEncoder() {
        #expect(PercentEncoding.encode("a*b~c d", unreserved: .javaURLEncoder, spaceAsPlus: true) == "a*b%7Ec+d")
        #expect(PercentEncoding.encode("a*b~c d") == "a%2Ab~c%20d")
    }

    @Test("pairs are joined with & and =")
    func pairs() {
        #expect(PercentEncoding.encodePairs([("a b", "1&2"), ("c", "")], spaceAsPlus: true) == "a+b=1%262&c=")
    }

    @Test("strict decoding: malformed escapes and non-UTF-8 fail; + is a space only in forms")
    func strictDecoding() {
        #expect(PercentEncoding.decode("a%20b+c") == .success("a b+c"))
        #expect(PercentEncoding.decode("a%20b+c", plusAsSpace: true) == .success("a b c"))
        #expect(PercentEncoding.decode("a+b", plusAsSpace: true) == .success("a b"))
        #expect(PercentEncoding.decode("%C4%8d") == .success("č"))
        #expect(PercentEncoding.decode("%") == .failure(.malformedEscape))
        #expect(PercentEncoding.decode("%4") == .failure(.malformedEscape))
        #expect(PercentEncoding.decode("%zz") == .failure(.malformedEscape))
        #expect(PercentEncoding.decode("%FF") == .failure(.notUTF8))
    }

    @Test("lenient pair decoding keeps bad escapes and never fails")
    func lenientPairs() {
        let pairs = PercentEncoding.decodePairsLeniently("a+b=%41&%zz=1&solo")
        #expect(pairs.map(\.name) == ["a b", "%zz", "solo"])
        #expect(pairs.map(\.value) == ["A", "1", ""])
    }
}
