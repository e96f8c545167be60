import FingerprintLists
import Foundation
import QRAuthCrypto
import Testing

@Suite("Key files in the ssl-pinning-tool formats")
struct SigningKeyTests {
    @Test func iosTestKeyIsK2() throws {
        let key = try PinningSigningKey(pem: Fixtures.text("ios-Tests-TestData-private.pem"), password: nil)
        let vectors = try GeneratedVectors.load()
        #expect(key.exportedPublicKey == vectors.key.public_key_x962_b64)
        #expect(key.exportedPrivateKey == vectors.key.tool_export_private_output)
        #expect(key.privateKey.rawRepresentation == Fixtures.hex(vectors.key.private_scalar_hex))
    }

    @Test(arguments: [
        (
            "generated-tool-style-keypair-encrypted-s3cret.pem",
            "BGxYFkdkoboW/+Jq9qbPyql8pq/KGWfEiljkaTxqEg/qDLNeEvSDGP0XnIUgbvgaa0DOEuCLNFmkNUaq1XmnJ2o=",
            "IqZpAiLf2pePPD9dGm/DxmS0HVLHdwmX/RSseZs4/Ag="
        ),
        (
            "generated-openssl-pkcs8-keypair-encrypted-s3cret.pem",
            "BOrfImOa1w68VzeM1Uz10wOFzrzetGX8IpLA64ZSzYqzNJdSy2FCbr534qCLt0LYv4/yCyB/zz7Q3DSiwugsa2w=",
            "DBC5q/9j2zrFJNONxlhzoIRXiqJE2ChAN8hUzAMeWjQ="
        ),
    ])
    func encryptedKeyFilesExportLikeTheTool(_ file: String, _ publicKey: String, _ privateKey: String) throws {
        let text = try Fixtures.text(file)
        let key = try PinningSigningKey(pem: text, password: "s3cret")
        #expect(key.exportedPublicKey == publicKey)
        #expect(key.exportedPrivateKey == privateKey)
        #expect(throws: FingerprintListError(.passwordRequired, "")) { try PinningSigningKey(pem: text, password: nil) }
        #expect(throws: FingerprintListError(.wrongPassword, "")) {
            try PinningSigningKey(pem: text, password: "s3cre7")
        }
    }

    @Test func plainKeyRefusesAPassword() throws {
        let text = try Fixtures.text("ios-Tests-TestData-private.pem")
        #expect(throws: FingerprintListError(.passwordNotExpected, "")) {
            try PinningSigningKey(pem: text, password: "x")
        }
    }

    @Test func writtenKeysReadBack() throws {
        let key = PinningSigningKey.generate()
        let plain = try key.pem(password: nil)
        #expect(plain.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        #expect(try PinningSigningKey(pem: plain, password: nil).exportedPublicKey == key.exportedPublicKey)
        let encrypted = try key.pem(password: "correct horse")
        #expect(encrypted.hasPrefix("-----BEGIN ENCRYPTED PRIVATE KEY-----"))
        #expect(
            try PinningSigningKey(pem: encrypted, password: "correct horse").exportedPrivateKey
                == key.exportedPrivateKey)
    }

    @Test func javaExportHasALeadingZeroWhenTheHighBitIsSet() throws {
        // Generate until both shapes have been seen; each must round-trip through Java's signed form.
        var seenHigh = false
        var seenLow = false
        for _ in 0..<64 where !(seenHigh && seenLow) {
            let key = PinningSigningKey.generate()
            let exported = try #require(Data(base64Encoded: key.exportedPrivateKey))
            let raw = key.privateKey.rawRepresentation
            if raw[0] & 0x80 != 0 {
                seenHigh = true
                #expect(exported.count == 33 && exported[0] == 0)
            } else if raw[0] != 0 {
                seenLow = true
                #expect(exported == raw)
            }
            let back = try NISTP256.Signing.PrivateKey(javaRepresentation: exported)
            #expect(back.rawRepresentation == raw)
        }
        #expect(seenHigh && seenLow)
    }

    @Test func publicKeyFormsOtherThanThePointAreRefused() throws {
        let vectors = try GeneratedVectors.load()
        do {
            _ = try PinningPublicKey(base64: vectors.key.public_key_spki_der_b64_NOT_ACCEPTED_by_clients)
            Issue.record("an SPKI key was accepted")
        } catch {
            #expect(error.code == .invalidPublicKey)
            #expect(error.reason.contains("SPKI"))
            #expect(error.reason.contains("65-byte"))
        }
        let key = try PinningPublicKey(base64: vectors.key.public_key_x962_b64)
        let compressed = key.key.compressedRepresentation.base64EncodedString()
        #expect(throws: FingerprintListError(.invalidPublicKey, "")) { try PinningPublicKey(base64: compressed) }
        #expect(throws: FingerprintListError(.invalidPublicKey, "")) { try PinningPublicKey(base64: "not base64!") }
        #expect(throws: FingerprintListError(.invalidPublicKey, "")) {
            try PinningPublicKey(base64: key.key.pemRepresentation)
        }
    }

    @Test func signedEntriesVerifyAndBindEveryField() throws {
        let key = PinningSigningKey.generate()
        let entry = FingerprintEntry(
            name: "api.example.com", fingerprint: Data(repeating: 7, count: 32), expires: 4_102_444_800)
        let signed = try key.sign(entry)
        let verifier = FingerprintListVerifier(publicKey: key.publicKey)
        #expect(verifier.isValid(signed))
        var renamed = signed
        renamed.name = "API.example.com"
        #expect(!verifier.isValid(renamed))
        var refingered = signed
        refingered.fingerprint[0] ^= 1
        #expect(!verifier.isValid(refingered))
        #expect(!FingerprintListVerifier(publicKey: PinningSigningKey.generate().publicKey).isValid(signed))
    }
}

@Suite("Signature diagnosis")
struct SignatureDiagnosisTests {
    @Test(arguments: SignatureDiagnosis.allCases)
    func eachKnownMistakeIsRecognised(_ mistake: SignatureDiagnosis) throws {
        let key = PinningSigningKey.generate()
        var entry = FingerprintEntry(
            name: "api.example.com", fingerprint: Data(repeating: 0xAB, count: 32), expires: 4_102_444_800)
        entry.signature = try key.signature(for: Data(mistake.signedString(for: entry).utf8))
        #expect(!FingerprintListVerifier(publicKey: key.publicKey).isValid(entry))
        #expect(SignatureDiagnosis.diagnose(entry, publicKey: key.publicKey) == mistake)
        let correct = try key.sign(entry)
        #expect(SignatureDiagnosis.diagnose(correct, publicKey: key.publicKey) == nil)
    }

    @Test func readmeOrderStringIsTheVectorsNegative() throws {
        let vectors = try GeneratedVectors.load()
        let negative = try #require(vectors.static_negative.first { $0.note.contains("README") })
        let entry = FingerprintEntry(
            name: "api.example.com", fingerprint: Data(repeating: 1, count: 32), expires: 4_102_444_800)
        #expect(SignatureDiagnosis.readmeFieldOrder.signedString(for: entry) == negative.message_utf8)
    }
}
