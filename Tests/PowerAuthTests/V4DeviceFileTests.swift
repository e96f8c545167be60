import Foundation
import PowerAuth
import QRAuthCrypto
import QRAuthTestSupport
import Testing

/// The 4.0 device file: keys kept without the root, the knowledge key wrapped under the password (spec §8), the same
/// store as 3.x files (0600, atomic), and the steps a file's device takes verified by the server half.
struct V4DeviceFileTests {
    let flows = V4FlowRoundTripTests()

    @Test func knowledgeKeyWrapIsUnauthenticatedAndSalted() throws {
        let key = SecureRandom.bytes(count: 32)
        let wrap = try PowerAuthV4.KnowledgeKeyProtection.protect(knowledgeKey: key, password: "1234")
        #expect(wrap.salt.count == 32 && wrap.encryptedKey.count == 32 && wrap.encryptedKey != key)
        #expect(try wrap.knowledgeKey(password: "1234") == key)
        // A wrong password is no error: 32 other bytes.
        let wrong = try wrap.knowledgeKey(password: "1235")
        #expect(wrong.count == 32 && wrong != key)
        // A fresh salt each time: the same key and password wrap differently.
        let again = try PowerAuthV4.KnowledgeKeyProtection.protect(knowledgeKey: key, password: "1234")
        #expect(again.salt != wrap.salt && again.encryptedKey != wrap.encryptedKey)
        // The wrap is the password KDF's key stream: KEK from the pinned password KDF, then AES-256-CTR from zero.
        let kek = try PowerAuthV4.PasswordKDF.derive(password: "1234", salt: wrap.salt)
        let stream = try AES256CTR.crypt(Data(count: 32), key: kek, counterBlock: Data(count: 16))
        #expect(Data(zip(key, stream).map { $0 ^ $1 }) == wrap.encryptedKey)
    }

    @Test(arguments: PowerAuthV4.Suite.allCases)
    func fileKeepsNoRootAndSignsAsTheDevice(suite: PowerAuthV4.Suite) throws {
        var (device, server) = try flows.activate(suite: suite)
        let file = try PowerAuthV4.DeviceFile(device, password: "correct horse", biometry: false)
        try TemporaryDirectory.with(prefix: "v4file") { folder in
            let path = folder.appendingPathComponent("device.json").path
            try ActivationFile.write(file, to: path)
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let keys = try device.state.keys()
            let v4 = try server.requireV4()
            for secret in [v4.activationSecret, keys.knowledge, keys.biometry] {
                #expect(!text.contains(secret.base64EncodedString()))
            }
            #expect(text.contains("\"protocolVersion\" : \"4.0\"") && text.contains(suite.rawValue))
            let loaded = try ActivationFile<PowerAuthV4.DeviceFile>(path: path).load()
            #expect(loaded == file)
            #expect(try ActivationFileCodec.readAnyDevice(path) == .v4(file))
            #expect(try loaded.fingerprint == device.fingerprint)
            // The 3.x reader names the file for what it is.
            #expect(throws: PowerAuthError.self) { _ = try ActivationFile<DeviceActivation>.read(path) }
        }
        // Right password: the file's device makes the in-memory device's code, which the server accepts.
        var fromFile = try file.device(password: "correct horse")
        let body = Data(#"{"id":"1"}"#.utf8)
        let nonce = SecureRandom.bytes(count: 16)
        let expected = try device.authorize(
            method: "POST", uriId: "/operation/authorize", body: body, type: .possessionKnowledge, nonce: nonce)
        let signed = try fromFile.authorize(
            method: "POST", uriId: "/operation/authorize", body: body, type: .possessionKnowledge, nonce: nonce)
        #expect(signed == expected)
        try server.commit(activationOtp: nil, nowMillis: V4FlowRoundTripTests.now)
        #expect(
            try server.verifyV4(
                signed, method: "POST", uriId: "/operation/authorize", body: body,
                allowed: [.possessionKnowledge], nowMillis: V4FlowRoundTripTests.now) == .valid(steps: 0))
        var recorded = file
        try recorded.record(fromFile)
        #expect(recorded.counter == 1 && recorded.ctrData == PowerAuthV4.Counter.next(file.ctrData))
        // A wrong password signs without a local error; the server refuses the code.
        var wrong = try recorded.device(password: "wrong horse")
        let refused = try wrong.authorize(
            method: "POST", uriId: "/operation/authorize", body: body, type: .possessionKnowledge)
        #expect(
            try server.verifyV4(
                refused, method: "POST", uriId: "/operation/authorize", body: body,
                allowed: [.possessionKnowledge], nowMillis: V4FlowRoundTripTests.now) != .valid(steps: 0))
        // No password: possession only; no biometry key kept: biometry refused.
        var possessionOnly = try recorded.device(password: nil)
        #expect(throws: PowerAuthError(.missingFactorKey, "")) {
            _ = try possessionOnly.authorize(method: "POST", uriId: "/x", body: Data(), type: .possessionKnowledge)
        }
        _ = try possessionOnly.authorize(method: "POST", uriId: "/x", body: Data(), type: .possession)
    }

    @Test func removedAndMalformedFilesAreRefused() throws {
        let (device, _) = try flows.activate(suite: .ecP384)
        var file = try PowerAuthV4.DeviceFile(device, password: "1234", biometry: true)
        #expect(file.keys.biometry == (try device.state.keys().biometry))
        file.removed = true
        #expect(throws: PowerAuthError(.activationRemoved, "")) { _ = try file.device(password: "1234") }
        file.removed = nil
        file.keys.possession = Data(count: 16)
        #expect(throws: PowerAuthError(.activationFile, "")) { try file.validate() }
        file = try PowerAuthV4.DeviceFile(device, password: "1234", biometry: false)
        file.protocolVersion = "3.3"
        #expect(throws: PowerAuthError(.activationFile, "")) { try file.validate() }
    }
}
