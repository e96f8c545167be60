import Foundation
import OfflineOperations
import Testing

@Suite("PAC vectors (spec §5)")
struct PACVectorTests {
    static let base64URLVector = "derived_qr_jwt_base64url_alphabet_rejected"

    static func parse(_ vector: PACVector, options: PACParser.Options) throws -> PACToken {
        vector.function == "parseDeeplink"
            ? try PACParser.parseDeeplink(vector.input, options: options)
            : try PACParser.parse(vector.input, options: options)
    }

    @Test func allVectorsLoaded() {
        #expect(PACVector.all.count == 30)
    }

    @Test(arguments: PACVector.all)
    func matchesTheSDK(_ vector: PACVector) throws {
        if vector.expect_ok {
            let expected = try #require(vector.expected)
            let token = try Self.parse(vector, options: .sdk)
            #expect(token.operationId == expected.operationId)
            #expect(token.totp == expected.totp)
            if let payload = vector.jwt_payload_decoded {
                let jwt = try #require(token.jwt)
                #expect(jwt.payload == Data(payload.utf8))
                #expect(jwt.payloadEncoding == .base64)
                #expect(jwt.isUnsigned)
                #expect(jwt.signature == nil)
                let text = jwt.text
                #expect(jwt.signingInput == Data(text.utf8))
            } else {
                #expect(token.jwt == nil)
                #expect(token.form == .deeplink)
            }
        } else {
            #expect(throws: OfflineOperationError.self) { try Self.parse(vector, options: .sdk) }
        }
    }

    @Test(arguments: PACVector.all.filter { $0.name != Self.base64URLVector })
    func defaultOptionsAgreeWithTheSDK(_ vector: PACVector) throws {
        let extended = try? Self.parse(vector, options: .init())
        let sdk = try? Self.parse(vector, options: .sdk)
        #expect(extended == sdk)
        #expect((extended != nil) == vector.expect_ok)
    }

    @Test func base64URLPayloadIsAcceptedAndReported() throws {
        let vector = try #require(PACVector.all.first { $0.name == Self.base64URLVector })
        #expect(throws: OfflineOperationError(.pacPayloadEncoding, "")) { try Self.parse(vector, options: .sdk) }
        let token = try Self.parse(vector, options: .init())
        #expect(token.operationId == "??>")
        #expect(token.jwt?.payloadEncoding == .base64url)
    }

    @Test func signedJWTExposesSigningInputAndSignature() throws {
        // header {"alg":"ES256","typ":"JWT"}, payload {"oid":"op1","potp":"12345678"}, 4-byte signature.
        let header = "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9"
        let payload = "eyJvaWQiOiJvcDEiLCJwb3RwIjoiMTIzNDU2NzgifQ"
        let text = "\(header).\(payload).AQID-_8"
        let token = try PACParser.parse("app://x?code=\(text)")
        #expect(token.form == .deeplinkJWT)
        #expect(token.operationId == "op1")
        #expect(token.totp == "12345678")
        let jwt = try #require(token.jwt)
        #expect(jwt.algorithm == "ES256")
        #expect(!jwt.isUnsigned)
        #expect(jwt.signingInput == Data("\(header).\(payload)".utf8))
        #expect(jwt.signature == Data([1, 2, 3, 0xFB, 0xFF]))
        #expect(jwt.totpKey == "potp")
    }

    /// Checked against swift-foundation's `URL(string:)` after the SDK's percent-encoding.
    @Test func textWithAnInvalidPortIsReadAsAJWT() throws {
        let token = try PACParser.parse("x://h:p.eyJvaWQiOiIxIn0=", options: .sdk)
        #expect(token.operationId == "1")
        #expect(token.form == .jwt)
        #expect(throws: OfflineOperationError(.pacUnrecognized, "")) { try PACParser.parse("x://h:1?a", options: .sdk) }
        #expect(try PACParser.parse("scheme://u@h:?oid=1").operationId == "1")
        #expect(throws: OfflineOperationError(.pacUnrecognized, "")) { try PACParser.parse("scheme://h:12a/x?oid=1") }
    }

    /// The SDK percent-encodes non-ASCII text before URL parsing, so a combining mark after `=` or `&`
    /// cannot hide the delimiter.
    @Test func delimitersAreFoundPerScalar() throws {
        let token = try PACParser.parse("scheme://o?x=1&oid=\u{301}A&\u{301}potp=2&potp=3")
        #expect(token.operationId == "\u{301}A")
        #expect(token.totp == "3")
    }

    @Test(arguments: [
        ("scheme://op?oid=a%zz", OfflineOperationError.Code.pacUnrecognized),
        ("scheme://op", .pacUnrecognized),
        ("a.b.c", .pacPayloadEncoding),
        ("a.e30", .pacPayloadJSON),
        ("a.eyJvaWQiOjF9", .pacPayloadJSON),
        // {"oid":"a","oid":"b"}: the SDKs' decoders disagree on which value wins, so it is refused.
        ("a.eyJvaWQiOiJhIiwib2lkIjoiYiJ9", .pacPayloadJSON),
    ])
    func namesTheProblem(_ text: String, _ code: OfflineOperationError.Code) {
        #expect(throws: OfflineOperationError(code, "")) { try PACParser.parse(text) }
    }
}
