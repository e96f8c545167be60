import FingerprintLists
import Foundation
import QRAuthCrypto
import Testing

@Suite("Signature vectors (pinning/generated-vectors.json, extracted-vectors.json)")
struct SignatureVectorTests {
    let k2 = try! PinningPublicKey(base64: Fixtures.k2)

    @Test(arguments: try GeneratedVectors.load().static_entries_rfc6979)
    func staticEntryVerifiesOverExactSignedBytes(_ vector: GeneratedVectors.StaticEntry) throws {
        let fingerprint = try #require(Data(base64Encoded: vector.fingerprint))
        #expect(fingerprint == Fixtures.hex(vector.fingerprint_hex))
        let entry = FingerprintEntry(
            name: vector.name, fingerprint: fingerprint, expires: vector.expires,
            signature: Data(base64Encoded: vector.signature))
        #expect(entry.signedString == vector.signed_string)
        #expect(entry.signedBytes == Fixtures.hex(vector.signed_string_utf8_hex))
        #expect(FingerprintListVerifier(publicKey: k2).isValid(entry))
        var altered = entry
        altered.expires += 1
        #expect(!FingerprintListVerifier(publicKey: k2).isValid(altered))
    }

    @Test(arguments: try GeneratedVectors.load().static_negative)
    func staticNegativeFails(_ vector: GeneratedVectors.StaticNegative) throws {
        let key = try PinningPublicKey(base64: vector.public_key)
        let signature = try #require(Data(base64Encoded: vector.signature))
        #expect(!key.isValidSignature(signature, for: Data(vector.message_utf8.utf8)))
    }

    @Test func rawSignatureIsRefusedWithWhatWasExpected() throws {
        let vectors = try GeneratedVectors.load()
        let raw = try #require(vectors.static_negative.first { $0.note.contains("raw r||s") })
        #expect(throws: FingerprintListError(.invalidSignatureEncoding, "")) {
            _ = try FingerprintEntry.checkSignatureEncoding(raw.signature)
        }
        do {
            _ = try FingerprintEntry.checkSignatureEncoding(raw.signature)
        } catch {
            #expect(error.reason.contains("raw 64-byte r||s"))
            #expect(error.reason.contains("DER"))
        }
    }

    @Test(arguments: try GeneratedVectors.load().challenge_positive_rfc6979)
    func challengeResponseVerifiesRawBytesThenDecodes(_ vector: GeneratedVectors.ChallengePositive) throws {
        let body = Fixtures.hex(vector.body_hex)
        #expect(body == Data(vector.body_utf8.utf8))
        #expect(
            ChallengeHeader.signedBytes(challenge: vector.challenge_header, body: body)
                == Fixtures.hex(vector.signature_base_hex))
        #expect(ChallengeHeader.isAcceptedByServer(vector.challenge_header))
        let key = try PinningPublicKey(base64: vector.public_key)
        let outcome = try ChallengeResponse.verify(
            body: body, challenge: vector.challenge_header, signature: vector.x_cert_pinning_signature, publicKey: key)
        guard case .valid(let response) = outcome else {
            Issue.record("expected a valid response")
            return
        }
        #expect(response.timestamp != nil)
        #expect(response.entries.first?.name == "api.example.com")
        #expect(response.entries.allSatisfy { $0.signature == nil })
        // One altered byte of the body breaks it.
        var altered = body
        altered[altered.count / 2] ^= 0x01
        let broken = try ChallengeResponse.verify(
            body: altered, challenge: vector.challenge_header, signature: vector.x_cert_pinning_signature,
            publicKey: key)
        #expect(broken == .invalidSignature)
        // The wrong challenge breaks it too.
        let otherChallenge = try ChallengeResponse.verify(
            body: body, challenge: ChallengeHeader.generate(), signature: vector.x_cert_pinning_signature,
            publicKey: key)
        #expect(otherChallenge == .invalidSignature)
    }

    @Test func challengeResponseCarries2026Fields() throws {
        let vectors = try GeneratedVectors.load()
        let vector = try #require(vectors.challenge_positive_rfc6979.first { $0.note.contains("2026") })
        let response = try ChallengeResponse.decodeUnverified(Data(vector.body_utf8.utf8))
        #expect(response.entries.map(\.chainDepth) == [0, 1])
        let domains = try #require(response.domainsConfig)
        #expect(domains.sslPinningRequiredForUnlisted)
        #expect(!domains.isPinningRequired(for: "cdn.example.com"))
        #expect(domains.isPinningRequired(for: "other.example.com"))
        let first = try #require(vectors.challenge_positive_rfc6979.first)
        let mus = try ChallengeResponse.decodeUnverified(Data(first.body_utf8.utf8))
        #expect(mus.verifyVersionResult == VerifyVersionResult(update: "NOT_REQUIRED"))
        #expect(mus.timestamp == 1_700_000_000)
    }

    @Test(arguments: try GeneratedVectors.load().challenge_positive_rfc6979)
    func challengeBodiesReEncodeByteExact(_ vector: GeneratedVectors.ChallengePositive) throws {
        let body = Data(vector.body_utf8.utf8)
        let response = try ChallengeResponse.decodeUnverified(body)
        #expect(response.encoded() == body)
        let key = try PinningSigningKey(pem: Fixtures.text("ios-Tests-TestData-private.pem"), password: nil)
        let challenge = ChallengeHeader.generate()
        let signature = try key.signature(
            for: ChallengeHeader.signedBytes(challenge: challenge, body: response.encoded()))
        let outcome = try ChallengeResponse.verify(
            body: response.encoded(), challenge: challenge, signature: signature.base64EncodedString(),
            publicKey: key.publicKey)
        #expect(outcome == .valid(response))
    }

    @Test(arguments: try GeneratedVectors.load().challenge_negative)
    func challengeNegativeFails(_ vector: GeneratedVectors.ChallengeNegative) throws {
        let key = try PinningPublicKey(base64: vector.public_key)
        let signature = try #require(Data(base64Encoded: vector.x_cert_pinning_signature))
        #expect(!key.isValidSignature(signature, for: Fixtures.hex(vector.message_hex)))
    }

    @Test(arguments: try ExtractedVectors.load().entry_signatures_v1)
    func extractedEntrySignaturesMatchTheirFlag(_ vector: ExtractedVectors.EntrySignature) throws {
        let entry = FingerprintEntry(
            name: vector.name, fingerprint: try #require(Data(base64Encoded: vector.fingerprint)),
            expires: vector.expires, signature: Data(base64Encoded: vector.signature))
        #expect(entry.signedString == vector.signed_string)
        let key = try PinningPublicKey(base64: vector.public_key)
        #expect(FingerprintListVerifier(publicKey: key).isValid(entry) == vector.verified_here)
    }

    @Test(arguments: try ExtractedVectors.load().raw_ecdsa_primitive)
    func extractedPrimitivesMatchTheirFlag(_ vector: ExtractedVectors.Primitive) throws {
        let key = try PinningPublicKey(base64: vector.public_key)
        let signature = try #require(Data(base64Encoded: vector.signature))
        #expect(key.isValidSignature(signature, for: Data(vector.message.utf8)) == vector.verified_here)
    }

    @Test(arguments: try ExtractedVectors.load().server_challenge_header_validation.cases.map { ($0.header, $0.valid) })
    func serverChallengeRule(_ header: String, _ valid: Bool) {
        #expect(ChallengeHeader.isAcceptedByServer(header) == valid)
    }

    @Test func generatedChallengesAreWhatClientsSend() {
        let challenge = ChallengeHeader.generate()
        #expect(challenge.count == 24)
        #expect(challenge.hasSuffix("=="))
        #expect(ChallengeHeader.isAcceptedByServer(challenge))
        #expect(challenge != ChallengeHeader.generate())
    }

    @Test func staticPayloadVerifiesWhole() throws {
        let list = try FingerprintList.decode(Fixtures.data("generated-static-v1-payload.json"))
        #expect(list.entries.count == 4)
        let verdicts = FingerprintListVerifier(publicKey: k2).verify(list, now: 1_700_000_000)
        #expect(verdicts.allSatisfy { $0.signature == .valid })
        #expect(verdicts.map(\.expiry) == [.expired, .valid, .valid, .valid])
        #expect(list.entries[3].name == "bücher.example")
    }
}
