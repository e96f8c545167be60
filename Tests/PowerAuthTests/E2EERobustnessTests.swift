import Foundation
import PowerAuth
import QRAuthCrypto
import QRAuthEncoding
import QRAuthTestSupport
import Testing

/// Random and mutated input into every E2EE parser: typed errors only, never a crash.
@Suite("E2EE robustness")
struct E2EERobustnessTests {
    static func onlyPowerAuthErrors(_ body: () throws -> Void) -> Bool {
        do {
            try body()
            return true
        } catch {
            return error is PowerAuthError
        }
    }

    static func onlyDecodingErrors(_ body: () throws -> Void) -> Bool {
        do {
            try body()
            return true
        } catch {
            return error is DecodingError
        }
    }

    /// FuzzE2EE's crash input (2026-11-24): an unquoted `application_key` holding a quote parsed, but its
    /// rebuilt header (every value quoted) read back as something else. Now refused as a header error.
    @Test func anUnquotedValueWithAQuoteIsRefused() throws {
        let fuzzed =
            "PowerAuth version=\"3.3\", application_key==WQBeNgCHGlW58rzUlP7Ehg==\", activation_id=\"CF2E9A48-908\u{0}\u{0}"
            + "4AA3-8\u{FFFD}8\u{1}\u{0}\u{0}\u{0}5-FFAFD2380609\""
        #expect(throws: PowerAuthError(.header, "")) { try EncryptionHeader(parsing: fuzzed) }
        #expect(throws: PowerAuthError(.header, "")) {
            try EncryptionHeader(parsing: #"PowerAuth version=3.3 application_key=ab"c"#)
        }
        // Unquoted values without quotes still parse, and every parsed header survives a rebuild.
        for text in [
            #"PowerAuth version=3.3, application_key=WQBeNgCHGlW58rzUlP7Ehg=="#,
            "PowerAuth version=\"3.3\" application_key=\"a\u{0}b\" activation_id=x\u{1}y",
        ] {
            let header = try EncryptionHeader(parsing: text)
            #expect(try EncryptionHeader(parsing: header.value) == header)
        }
    }

    /// FuzzE2EE's second crash input (2026-11-24): an activation body whose custom attributes hold a number that
    /// reads only as a double but is whole (`5000020655555555555.0000000000248191555` is 5.000020655555555e18) was
    /// written back in exponent form and read back as a different integer. Whole numbers are now integers.
    @Test(arguments: [
        "5000020655555555555.0000000000248191555", "2.0", "1e3", "-0.0", "1.5", "5555555555500000000000000000248191555",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "1e308", "0.1",
    ])
    func numbersSurviveARoundTrip(text: String) throws {
        let body =
            #"{"type":"CODE","identityAttributes":{"code":"A"},"customAttributes":{"a":[\#(text)]},"#
            + #""activationData":{"ephemeralPublicKey":"","encryptedData":"vxyK","mac":"1yji"}}"#
        let request = try JSONDecoder().decode(ActivationLayer1Request.self, from: Data(body.utf8))
        let again = try JSONDecoder().decode(ActivationLayer1Request.self, from: try JSONEncoder().encode(request))
        #expect(again == request)
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(try JSONDecoder().decode(JSONValue.self, from: try JSONEncoder().encode(value)) == value)
    }

    @Test func randomTextIntoTheParsers() {
        var generator = SeededGenerator(seed: 12)
        let alphabet = Array("AZaz27-#=.,\" ={}:[]0189/+_" + "PowerAuth version application_key ü\u{0}")
        let signer = NISTP256.Signing.PrivateKey().publicKey
        let request = TemporaryKeyRequest(applicationKey: "k", challenge: "c")
        for _ in 0..<2000 {
            let count = Int.random(in: 0...60, using: &generator)
            let text = String((0..<count).map { _ in alphabet.randomElement(using: &generator)! })
            #expect(Self.onlyPowerAuthErrors { _ = try EncryptionHeader(parsing: "PowerAuth " + text) })
            #expect(Self.onlyPowerAuthErrors { _ = try ActivationCode(validating: text) })
            #expect(Self.onlyPowerAuthErrors { _ = try SignedActivationCode(parsing: text) })
            #expect(Self.onlyPowerAuthErrors { _ = try TemporaryKeyRequest.unverifiedClaims(of: text) })
            #expect(Self.onlyPowerAuthErrors { _ = try TemporaryKeyRequest.verify(text, applicationSecret: "AAAA") })
            #expect(
                Self.onlyPowerAuthErrors { _ = try TemporaryKey(verifying: text, request: request, signingKey: signer) }
            )
            let json = Data(("{" + text + "}").utf8)
            #expect(Self.onlyDecodingErrors { _ = try JSONDecoder().decode(ECIES.EncryptedRequest.self, from: json) })
            #expect(Self.onlyDecodingErrors { _ = try JSONDecoder().decode(ActivationLayer1Request.self, from: json) })
        }
    }

    @Test func randomCryptogramsAreRefusedWithTypedErrors() throws {
        var generator = SeededGenerator(seed: 99)
        func bytes(_ range: ClosedRange<Int>) -> Data {
            Data(
                (0..<Int.random(in: range, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            )
        }
        let serverKey = NISTP256.Signing.PrivateKey()
        for version in ProtocolVersion.allCases {
            let parameters = E2EERoundTripTests.parameters(version, .activationScopeGeneric)
            let decryptor = try ECIES.Decryptor(parameters: parameters, recipientPrivateKey: serverKey)
            var valid = try ECIES.Encryptor(
                parameters: parameters, recipientPublicKey: serverKey.publicKey.x963Representation
            )
            .encrypt(Data("x".utf8), timestamp: 1).request
            for _ in 0..<100 {
                var request = valid
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: request.ephemeralPublicKey = bytes(0...70)
                case 1: request.encryptedData = bytes(0...64)
                case 2: request.mac = bytes(0...40)
                default: request.nonce = version == .v30 ? nil : bytes(0...20)
                }
                #expect(Self.onlyPowerAuthErrors { _ = try decryptor.decrypt(request) })
            }
            valid.mac[0] ^= 1
            #expect(throws: PowerAuthError(.decryption, "")) { try decryptor.decrypt(valid) }
        }
    }
}
