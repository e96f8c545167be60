import Foundation
import OfflineOperations
import PowerAuth
import Testing

@Suite("Header parsing and validation")
struct HeaderTests {
    static let valid =
        #"PowerAuth pa_version="3.3", pa_activation_id="6ae8cd16-67a7-4840-8d37-33d9aab6ea51", pa_application_key="cphaZFPvGcolYZ9e0q6qMw==", pa_nonce="AAECAwQFBgcICQoLDA0ODw==", pa_signature_type="possession_knowledge", pa_signature="EpuZ3Ajuv6TWzTj0LJi226PImyGLqU7tCOEm0ZafiHY=""#

    @Test func orderIndependentAndJavaOrder() throws {
        let header = try AuthorizationHeader(parsing: Self.valid)
        let javaOrder = Self.javaOrder(header)
        #expect(try AuthorizationHeader(parsing: javaOrder) == header)
        #expect(try AuthorizationHeader(parsing: javaOrder.replacingOccurrences(of: ", ", with: " ")) == header)
        #expect(header.signatureType == .possessionKnowledge)
    }

    /// The Java helper's field order for a header (spec §3.1).
    static func javaOrder(_ header: AuthorizationHeader) -> String {
        "PowerAuth pa_activation_id=\"\(header.activationId)\", pa_application_key=\"\(header.applicationKey)\", "
            + "pa_nonce=\"\(header.nonce)\", pa_signature_type=\"\(header.signatureType.rawValue)\", "
            + "pa_signature=\"\(header.signature)\", pa_version=\"\(header.version.rawValue)\""
    }

    @Test func caseInsensitiveTypeAndUUID() throws {
        let text = Self.valid.replacingOccurrences(of: "possession_knowledge", with: "POSSESSION_KNOWLEDGE")
            .replacingOccurrences(of: "6ae8cd16-67a7-4840", with: "6AE8CD16-67A7-4840")
        #expect(try AuthorizationHeader(parsing: text).signatureType == .possessionKnowledge)
    }

    @Test(arguments: [
        ("pa_version=\"3.3\"", "pa_version=\"2.1\""),
        ("pa_version=\"3.3\", ", ""),
        ("6ae8cd16-67a7-4840", "6ae8cd16-67a7-0840"),
        ("cphaZFPvGcolYZ9e0q6qMw==", "cphaZFPvGcolYZ9e0q6q"),
        ("AAECAwQFBgcICQoLDA0ODw==", "AAECAwQFBgcICQoLDA0O"),
        ("possession_knowledge", "possession_everything"),
        ("EpuZ3Ajuv6TWzTj0LJi226PImyGLqU7tCOEm0ZafiHY=", "1234567"),
        ("EpuZ3Ajuv6TWzTj0LJi226PImyGLqU7tCOEm0ZafiHY=", "12345678-1234567x"),
        ("PowerAuth ", "Bearer "),
        ("pa_nonce=\"AAECAwQFBgcICQoLDA0ODw==\"", "pa_nonce=\"AAECAwQFBgcICQoLDA0ODw==\", pa_nonce=\"x\""),
    ])
    func rejectsWhatTheServerRejects(replace: (String, String)) {
        let text = Self.valid.replacingOccurrences(of: replace.0, with: replace.1)
        #expect(throws: PowerAuthError.self) { try AuthorizationHeader(parsing: text) }
    }

    @Test func decimalSignaturesOfOneToThreeFactors() throws {
        for signature in ["12345678", "12345678-87654321", "12345678-87654321-11223344"] {
            let text = Self.valid.replacingOccurrences(
                of: "EpuZ3Ajuv6TWzTj0LJi226PImyGLqU7tCOEm0ZafiHY=", with: signature)
            #expect(try AuthorizationHeader(parsing: text).signature == signature)
        }
    }

    @Test func tokenHeaderValidation() throws {
        let header = TokenDigest.header(
            tokenId: "d6561669-34d6-4fee-8913-89477687a5cb", tokenSecret: Data(count: 16),
            timestampMillis: 1_718_000_000_000)
        #expect(try TokenHeader(parsing: header.value) == header)
        let reordered =
            "PowerAuth timestamp=\"\(header.timestamp)\", nonce=\"\(header.nonce)\", version=\"3.3\", "
            + "token_digest=\"\(header.tokenDigest)\", token_id=\"\(header.tokenId)\""
        #expect(try TokenHeader(parsing: reordered) == header)
        let shortTime = header.value.replacingOccurrences(of: header.timestamp, with: "12345678")
        #expect(throws: PowerAuthError.self) { try TokenHeader(parsing: shortTime) }
        let badDigest = header.value.replacingOccurrences(of: header.tokenDigest, with: "AAAA")
        #expect(throws: PowerAuthError.self) { try TokenHeader(parsing: badDigest) }
    }

    /// Issue 29, item 1: `AAAA…AB==` decodes to the same 16 bytes as `AAAA…AA==`. Accepting both let one captured
    /// token header be replayed under ~15 spellings (a replay cache keyed by text); every PowerAuth header field is
    /// canonical Base64 or refused, on the device's and the server's side.
    @Test func nonCanonicalBase64InHeadersIsRefused() throws {
        let header = TokenDigest.header(
            tokenId: "d6561669-34d6-4fee-8913-89477687a5cb", tokenSecret: Data(count: 16),
            timestampMillis: 1_718_000_000_000, nonce: Data(count: 16))
        #expect(header.nonce == "AAAAAAAAAAAAAAAAAAAAAA==")
        #expect(try TokenDigest.verify(header, tokenSecret: Data(count: 16), nowMillis: 1_718_000_000_000) == .valid)
        var respelled = header
        respelled.nonce = "AAAAAAAAAAAAAAAAAAAAAB=="
        #expect(throws: PowerAuthError.self) { try TokenHeader(parsing: respelled.value) }
        #expect(throws: PowerAuthError.self) {
            try TokenDigest.verify(respelled, tokenSecret: Data(count: 16), nowMillis: 1_718_000_000_000)
        }
        // The signature header's nonce, AAEC…Dw==: `x` in place of `w` differs only in unused bits.
        let nonce = try AuthorizationHeader(parsing: Self.valid).nonce
        #expect(nonce == "AAECAwQFBgcICQoLDA0ODw==")
        let other = "AAECAwQFBgcICQoLDA0ODx=="
        #expect(throws: PowerAuthError.self) {
            try AuthorizationHeader(parsing: Self.valid.replacingOccurrences(of: nonce, with: other))
        }
    }
}
