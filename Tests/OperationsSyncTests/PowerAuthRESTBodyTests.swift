import Foundation
import MobileTokenAPI
import QRAuthEncoding
import Testing

/// The plain enveloped `/pa/v3` bodies of MobileTokenAPI's `PowerAuthREST/` (PowerAuth spec §2.1, §3.8, §3.9, §4.2).
@Suite("PowerAuth REST bodies")
struct PowerAuthRESTBodyTests {
    static func text(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func requestsAreEnveloped() throws {
        #expect(
            try Self.text(
                RequestEnvelope(requestObject: ActivationStatusRequest(activationId: "a", challenge: "Yw==")))
                == #"{"requestObject":{"activationId":"a","challenge":"Yw=="}}"#)
        #expect(
            try Self.text(RequestEnvelope(requestObject: TokenRemoveRequest(tokenId: "t")))
                == #"{"requestObject":{"tokenId":"t"}}"#)
        #expect(
            try Self.text(RequestEnvelope(requestObject: KeystoreCreateRequest(jwt: "h.p.s")))
                == #"{"requestObject":{"jwt":"h.p.s"}}"#)
    }

    @Test func statusResponseDecodesWithAndWithoutOptionalMembers() throws {
        let full = #"""
            {"status":"OK","responseObject":{"activationId":"c564e700-7e86-4a87-b6c8-a5a0cc89683f",
            "encryptedStatusBlob":"ldIgTphu1GlOHhnY7GbZD6oub8N4KXOqfay41zrMxTU=","nonce":"MtfHnxCDmJuuejhSOgM9Yg==",
            "customObject":{"k":1}}}
            """#
        let envelope = try JSONDecoder().decode(
            ResponseEnvelope<ActivationStatusResponse>.self, from: Data(full.utf8))
        guard case .ok(let status) = envelope.outcome else {
            Issue.record("not OK")
            return
        }
        #expect(status.nonce == "MtfHnxCDmJuuejhSOgM9Yg==")
        #expect(status.customObject?["k"] == .integer(1))
        let bare =
            #"{"status":"OK","responseObject":{"activationId":"a","encryptedStatusBlob":"AA==","nonce":null,"customObject":null}}"#
        let decoded = try JSONDecoder().decode(ResponseEnvelope<ActivationStatusResponse>.self, from: Data(bare.utf8))
        guard case .ok(let plain) = decoded.outcome else {
            Issue.record("not OK")
            return
        }
        #expect(plain.nonce == nil && plain.customObject == nil)
    }

    @Test func removeAndKeystoreResponsesRoundTrip() throws {
        let remove = ResponseEnvelope<ActivationRemoveResponse>(.ok(ActivationRemoveResponse(activationId: "a")))
        #expect(try Self.text(remove) == #"{"responseObject":{"activationId":"a"},"status":"OK"}"#)
        let token = try JSONDecoder().decode(
            ResponseEnvelope<TokenRemoveResponse>.self,
            from: Data(#"{"status":"OK","responseObject":{"tokenId":"t"}}"#.utf8))
        guard case .ok(let removed) = token.outcome else {
            Issue.record("not OK")
            return
        }
        #expect(removed == TokenRemoveResponse(tokenId: "t"))
        let keystore = try JSONDecoder().decode(
            ResponseEnvelope<KeystoreCreateResponse>.self,
            from: Data(#"{"status":"OK","responseObject":{"jwt":"a.b.c"}}"#.utf8))
        guard case .ok(let created) = keystore.outcome else {
            Issue.record("not OK")
            return
        }
        #expect(created.jwt == "a.b.c")
    }
}
