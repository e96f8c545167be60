import Foundation
import PowerAuth
import QRAuthEncoding
import Testing

/// The bodies that carry cryptograms: activation layers 1 and 2 and the token-create payload.
@Suite("E2EE bodies")
struct E2EEBodyTests {
    static let cryptogram = ECIES.EncryptedRequest(
        ephemeralPublicKey: Data(repeating: 2, count: 33), encryptedData: Data(count: 16), mac: Data(count: 32),
        nonce: Data(count: 16), timestamp: 7)

    static func json(_ value: some Encodable) throws -> [String: Any] {
        let data = try JSONEncoder().encode(value)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func layer1RequestHasExactlyItsKeys() throws {
        let request = ActivationLayer1Request.code("VVVVV-VVVVV-VVVVV-VTFVA", activationData: Self.cryptogram)
        let object = try Self.json(request)
        #expect(Set(object.keys) == ["type", "identityAttributes", "activationData"])
        #expect(object["type"] as? String == "CODE")
        #expect((object["identityAttributes"] as? [String: String]) == ["code": "VVVVV-VVVVV-VVVVV-VTFVA"])
        let withAttributes = ActivationLayer1Request.code(
            "VVVVV-VVVVV-VVVVV-VTFVA", customAttributes: ["n": .integer(3), "s": .string("x")],
            activationData: Self.cryptogram)
        let data = try JSONEncoder().encode(withAttributes)
        #expect(try JSONDecoder().decode(ActivationLayer1Request.self, from: data) == withAttributes)
        #expect(
            Set(try Self.json(withAttributes).keys) == [
                "type", "identityAttributes", "customAttributes", "activationData",
            ])
    }

    @Test func layer1RequestRefusesUnknownKeys() throws {
        var object = try Self.json(ActivationLayer1Request.code("A", activationData: Self.cryptogram))
        object["activationType"] = "CODE"
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ActivationLayer1Request.self, from: data) }
    }

    @Test func layer1ResponseTreatsNullAsAbsent() throws {
        let text =
            #"{"activationData":{"encryptedData":"AAAAAAAAAAAAAAAAAAAAAA==","mac":"AAAA","nonce":"AAAAAAAAAAAAAAAAAAAAAA==","timestamp":5},"customAttributes":{"a":[1,2.5,true,null]},"userInfo":null}"#
        let response = try JSONDecoder().decode(ActivationLayer1Response.self, from: Data(text.utf8))
        #expect(response.userInfo == nil)
        #expect(response.customAttributes?["a"] == .array([.integer(1), .number(2.5), .bool(true), .null]))
        #expect(response.activationData.timestamp == 5)
        #expect(
            try JSONDecoder().decode(ActivationLayer1Response.self, from: JSONEncoder().encode(response)) == response)
    }

    @Test func layer2BodiesRoundTrip() throws {
        let request = ActivationLayer2Request(
            devicePublicKey: Data(repeating: 3, count: 33), activationName: "Johnny's iPhone", platform: "iOS")
        let object = try Self.json(request)
        #expect(Set(object.keys) == ["devicePublicKey", "activationName", "platform"])
        #expect(try JSONDecoder().decode(ActivationLayer2Request.self, from: JSONEncoder().encode(request)) == request)

        let text =
            #"{"activationId":"c564e700-7e86-4a87-b6c8-a5a0cc89683f","serverPublicKey":"BAAA","ctrData":"AAAAAAAAAAAAAAAAAAAAAA==","activationRecovery":{"recoveryCode":"X","puk":"0123456789"}}"#
        let response = try JSONDecoder().decode(ActivationLayer2Response.self, from: Data(text.utf8))
        #expect(response.ctrData.count == 16)
        #expect(response.activationRecovery?.puk == "0123456789")
        #expect(
            try JSONDecoder().decode(ActivationLayer2Response.self, from: JSONEncoder().encode(response)) == response)
        let bad = #"{"activationId":"x","serverPublicKey":"B!AA","ctrData":"AAAA"}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ActivationLayer2Response.self, from: Data(bad.utf8))
        }
    }

    @Test func tokenPayloadRoundTrips() throws {
        let text = #"{"tokenId":"d6561669-34d6-4fee-8913-89477687a5cb","tokenSecret":"VqAXEhziiT27lxoqREjtcQ=="}"#
        let payload = try JSONDecoder().decode(TokenCreatePayload.self, from: Data(text.utf8))
        #expect(payload.tokenSecret.count == 16)
        #expect(Set(try Self.json(payload).keys) == ["tokenId", "tokenSecret"])
    }
}

@Suite("E2EE secrets stay out of text")
struct E2EERedactionTests {
    @Test func descriptionsDoNotShowSecrets() throws {
        let secret = "Epbv1D+tibvvkqGIyDOT5g=="
        let transport = Data(repeating: 0xAB, count: 16)
        let parameters = ECIES.Parameters(
            version: .v33, encryptorId: .createToken, applicationKey: "WQBeNgCHGlW58rzUlP7Ehg==",
            applicationSecret: secret, activationId: "a", transportKey: transport, temporaryKeyId: "t")
        for text in [String(describing: parameters), String(reflecting: parameters), "\(parameters)"] {
            #expect(!text.contains(secret) && !text.contains("171") && !text.lowercased().contains("abab"))
            #expect(text.contains("WQBeNgCHGlW58rzUlP7Ehg=="))
        }
        let key = try ECIES.EnvelopeKey(rawRepresentation: Data(repeating: 0xCD, count: 48))
        #expect(!"\(key)".lowercased().contains("cdcd") && !"\(key)".contains("205"))
        let payload = TokenCreatePayload(tokenId: "id", tokenSecret: Data(repeating: 0xEF, count: 16))
        #expect("\(payload)" == "TokenCreatePayload(tokenId: id, tokenSecret: <redacted>)")
    }
}
