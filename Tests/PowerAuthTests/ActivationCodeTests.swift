import Foundation
import PowerAuth
import QRAuthCrypto
import Testing

/// Activation codes (spec §3.1): validation, generation, the `#signature` form and the typing helper.
@Suite("Activation codes")
struct ActivationCodeTests {
    /// The test values of upstream `docs/Activation-Code.md`.
    static let documented = [
        "AAAAA-AAAAA-AAAAA-AAAAA", "LLLLL-LLLLL-LLLLL-LQJTA", "KKKKK-KKKKK-KKKKK-KDJNQ", "MMMMM-MMMMM-MMMMM-MUTOA",
        "VVVVV-VVVVV-VVVVV-VTFVA", "55555-55555-55555-55YMA", "W65WE-3T7VI-7FBS2-A4OYA", "DD7P5-SY4RW-XHSNB-GO52A",
        "X3TS3-TI35Z-JZDNT-TRPFA", "HCPJX-U4QC4-7UISL-NJYMA", "XHGSM-KYQDT-URE34-UZGWQ", "45AWJ-BVACS-SBWHS-ABANA",
    ]

    @Test(arguments: documented)
    func documentedCodesValidateAndRegenerate(text: String) throws {
        let code = try ActivationCode(validating: text)
        #expect(code.value == text)
        let bytes = code.bytes
        #expect(bytes.count == 12)
        #expect(try ActivationCode(randomBytes: bytes.prefix(10)).value == text)
    }

    @Test func crcCheckValue() {
        // CRC-16/ARC of "123456789" is 0xBB3D: the code for those bytes (plus a 10th) ends in that CRC.
        let code = try? ActivationCode(randomBytes: Data("123456789".utf8) + Data([0]))
        #expect(code != nil)
    }

    @Test(arguments: [
        ("", "23"),
        ("VVVVV-VVVVV-VVVVV-VTFV", "23"),
        ("VVVVV-VVVVV-VVVVV-VTFVAA", "23"),
        ("VVVVVV-VVVV-VVVVV-VTFVA", "dash at position 6"),
        ("VVVVV-VVVVV-VVVVV VTFVA", "dash at position 18"),
        ("VVVVV-VVVVV-VVVVV-vTFVA", "position 19"),
        ("VVVVV-VV0VV-VVVVV-VTFVA", "position 9"),
        ("VVVVV-VVVVV-VVVVV-VTFV1", "position 23"),
        ("VVVVV-VVVVV-VVVVV-VTFVB", "canonical"),
        ("VVVVV-VVVVV-VVVVV-VTFWA", "checksum"),
        ("AAAAA-AAAAA-AAAAA-AAABA", "checksum"),
        ("ÄVVVV-VVVVV-VVVVV-VTFVA", "23"),
    ])
    func invalidCodesNameTheProblem(text: String, fragment: String) {
        #expect {
            try ActivationCode(validating: text)
        } throws: { error in
            guard let error = error as? PowerAuthError, error.code == .activationCode else { return false }
            return error.reason.contains(fragment) && !error.reason.contains("\n")
        }
    }

    @Test func generatedCodesAreValidAndUseTheRandomness() throws {
        let code = try ActivationCode.generate(randomBytes: { Data(repeating: 0xAB, count: $0) })
        #expect(try ActivationCode(validating: code.value) == code)
        #expect(code.bytes.prefix(10) == Data(repeating: 0xAB, count: 10))
        var seen: Set<String> = []
        for _ in 0..<50 {
            let fresh = try ActivationCode.generate()
            #expect(try ActivationCode(validating: fresh.value) == fresh)
            seen.insert(fresh.value)
        }
        #expect(seen.count == 50)
        #expect(throws: PowerAuthError(.length, "")) { try ActivationCode(randomBytes: Data(count: 9)) }
    }

    @Test func typingHelperCorrectsLikeTheSDK() {
        #expect(ActivationCode.correctTypedCharacter("a") == "A")
        #expect(ActivationCode.correctTypedCharacter("z") == "Z")
        #expect(ActivationCode.correctTypedCharacter("0") == "O")
        #expect(ActivationCode.correctTypedCharacter("1") == "I")
        #expect(ActivationCode.correctTypedCharacter("7") == "7")
        for rejected: Character in ["8", "9", "-", " ", "#", "é", "Ж"] {
            #expect(ActivationCode.correctTypedCharacter(rejected) == nil)
        }
    }

    struct SignatureItem: Decodable {
        let input: [String: String]
        let output: [String: String]
    }

    @Test func upstreamSignaturesVerifyThroughTheHashForm() throws {
        let items = try Fixture.upstream("upstream/powerauth-crypto/verify-activation-data-signature-v3.json")
        #expect(items.count == 20)
        for (index, item) in items.enumerated() {
            let code = try #require(item.input["activationCode"])
            let signature = try #require(item.output["activationSignature"])
            let masterPublic = try ServerSignedData.publicKey(base64: #require(item.input["masterPublicKey"]))
            let parsed = try SignedActivationCode(parsing: code + "#" + signature)
            #expect(parsed.code.value == code, "item \(index)")
            #expect(parsed.isSignatureValid(masterPublicKey: masterPublic), "item \(index)")
            try parsed.verify(masterPublicKey: masterPublic)
            #expect(parsed.text == code + "#" + signature)

            // The same signature over another code, or under another key, is refused.
            let other = NISTP256.Signing.PrivateKey().publicKey
            #expect(throws: PowerAuthError(.activationCodeSignature, "")) { try parsed.verify(masterPublicKey: other) }
            let masterPrivate = try ServerSignedData.privateKey(base64: #require(item.input["masterPrivateKey"]))
            #expect(masterPrivate.publicKey == masterPublic)
        }
    }

    @Test func signAndVerifyRoundTrip() throws {
        let master = NISTP256.Signing.PrivateKey()
        let code = try ActivationCode.generate()
        let signed = try SignedActivationCode.sign(code, masterPrivateKey: master)
        let parsed = try SignedActivationCode(parsing: signed.text)
        try parsed.verify(masterPublicKey: master.publicKey)
        let tampered = try SignedActivationCode(
            parsing: "VVVVV-VVVVV-VVVVV-VTFVA#" + (signed.signature ?? Data()).base64EncodedString())
        #expect(throws: PowerAuthError(.activationCodeSignature, "")) {
            try tampered.verify(masterPublicKey: master.publicKey)
        }
    }

    @Test func unsignedCodesAreAcceptedAndBadSignaturesRefused() throws {
        let master = NISTP256.Signing.PrivateKey().publicKey
        let unsigned = try SignedActivationCode(parsing: "W65WE-3T7VI-7FBS2-A4OYA")
        #expect(unsigned.signature == nil)
        try unsigned.verify(masterPublicKey: master)
        #expect(!unsigned.isSignatureValid(masterPublicKey: master))
        for bad in ["W65WE-3T7VI-7FBS2-A4OYA#", "W65WE-3T7VI-7FBS2-A4OYA#not base64!"] {
            #expect(throws: PowerAuthError(.activationCodeSignature, "")) { try SignedActivationCode(parsing: bad) }
        }
        #expect(throws: PowerAuthError(.activationCode, "")) { try SignedActivationCode(parsing: "W65WE#MEUC") }
        let garbage = try SignedActivationCode(parsing: "W65WE-3T7VI-7FBS2-A4OYA#AAAA")
        #expect(throws: PowerAuthError(.activationCodeSignature, "")) { try garbage.verify(masterPublicKey: master) }
    }
}
