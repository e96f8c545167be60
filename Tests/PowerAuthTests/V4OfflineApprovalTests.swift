import Foundation
import OfflineOperations
import PowerAuth
import QRAuthCrypto
import QRAuthTestSupport
import Testing

/// Offline QR operations of a 4.0 activation end to end: the parser reads keys `2` and `0`, the device checks them and
/// computes approval codes, the server checks the codes with its look-ahead window. The codes are qrauth's own vectors
/// (`derived/v4/offline-approval.json`), cross-checked by a second computation from `openssl` command-line primitives.
@Suite struct V4OfflineApprovalTests {
    typealias V4 = PowerAuthV4
    static let path = "derived/v4/offline-approval.json"

    /// The vector file: one 4.0 activation, one key `2` payload, the approval codes of the first counter steps.
    struct Vectors: Codable, Equatable {
        var description: String
        var choices: [String: String]
        var activationSecret: String
        var counterData: String
        var masterPublicKey: String
        var payload: String
        var nonPersonalizedPayload: String
        /// Knowledge codes (8 digits) at counter steps 0, 1, 2, 3.
        var knowledgeCodes: [String]
        /// The biometry code at step 0.
        var biometryCode: String
        /// The 6-digit knowledge code at step 0.
        var knowledgeCode6: String
    }

    static func load() throws -> Vectors { try Fixture.decode(Vectors.self, path) }

    /// The library's values for the inputs of `file` (what the file must hold).
    static func generate(from own: V4OwnVectors) throws -> Vectors {
        let item = own.offlineQR[0]
        let activation = own.activations[item.activation]
        var state = try device(
            secret: activation.activationSecret, counterData: item.counterData, master: item.masterPublicKey,
            biometry: true)
        let operation = try OfflineOperation(item.personalizedPayload)
        let start = state
        var codes: [String] = []
        for _ in 0..<4 { codes.append(try state.approvalCode(for: operation, factor: .knowledge)) }
        var biometry = start
        var six = start
        return Vectors(
            description:
                "PowerAuth 4.0 offline approval codes made by qrauth's library (spec powerauth-v4.md §16, §6.5): a key 2 "
                + "payload of own-vectors.json and the codes of the first four counter steps. Not upstream data.",
            choices: V4OwnVectors.currentChoices, activationSecret: activation.activationSecret,
            counterData: item.counterData, masterPublicKey: item.masterPublicKey, payload: item.personalizedPayload,
            nonPersonalizedPayload: item.nonPersonalizedPayload, knowledgeCodes: codes,
            biometryCode: try biometry.approvalCode(for: operation, factor: .biometry),
            knowledgeCode6: try six.approvalCode(for: operation, factor: .knowledge, digits: 6))
    }

    static func device(secret: String, counterData: String, master: String, biometry: Bool) throws -> V4.DeviceState {
        try V4.DeviceState(
            activationId: "a2fb8d5c-576b-4f65-98bf-0aa476cec799", suite: .ecP384,
            activationSecret: try Fixture.base64(secret), masterPublicKey: try Fixture.base64(master),
            counterData: try Fixture.base64(counterData), biometryEnabled: biometry)
    }

    /// A server activation whose 4.0 part holds the file's secret and counter.
    static func server(_ file: Vectors, lookAhead: Int = 20, maxFailedAttempts: Int = 5) throws -> ServerActivation {
        var server = try ActivationFactory.create(
            password: "1234", biometry: true, lookAhead: lookAhead, maxFailedAttempts: maxFailedAttempts
        ).server
        let serverKey = NISTP384.PrivateKey()
        var v4 = ServerActivationV4(
            suite: .ecP384, activationSecret: try Fixture.base64(file.activationSecret),
            counterData: try Fixture.base64(file.counterData),
            devicePublicKey: NISTP384.PrivateKey().publicKey.x963Representation,
            serverPrivateKey: serverKey.rawRepresentation)
        v4.confirmationPending = false
        v4.biometryEnabled = true
        server.v4 = v4
        try server.validate()
        return server
    }

    static func check(
        _ file: Vectors, allowBiometry: Bool = false, digits: Int = 8, lookAhead: Int? = nil
    ) throws
        -> ApprovalCodeCheck
    {
        try ApprovalCodeCheck(
            operation: try OfflineOperation(file.payload), allowBiometry: allowBiometry, digits: digits,
            lookAhead: lookAhead)
    }

    /// Regenerates the file when `QRAUTH_WRITE_V4_OFFLINE_VECTORS` names a path (never in a normal run).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["QRAUTH_WRITE_V4_OFFLINE_VECTORS"] != nil))
    func writeVectors() throws {
        let path = try #require(ProcessInfo.processInfo.environment["QRAUTH_WRITE_V4_OFFLINE_VECTORS"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(try Self.generate(from: V4OwnVectorTests.load())).write(to: URL(fileURLWithPath: path))
    }

    /// Writes a 4.0 server activation file of these vectors (with a P-384 master key) when
    /// `QRAUTH_WRITE_V4_OFFLINE_SERVER` names a path: the CLI tests' `v4-server-activation.json`.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["QRAUTH_WRITE_V4_OFFLINE_SERVER"] != nil))
    func writeServerFile() throws {
        let path = try #require(ProcessInfo.processInfo.environment["QRAUTH_WRITE_V4_OFFLINE_SERVER"])
        var server = try Self.server(try Self.load())
        server.v4?.masterPrivateKeyP384 = NISTP384.PrivateKey().rawRepresentation
        try ActivationFile.write(server, to: path)
    }

    /// Writes a 4.0 device file of these vectors (password `1234`, no biometry) when
    /// `QRAUTH_WRITE_V4_OFFLINE_DEVICE` names a path: the CLI tests' `v4-device.json`.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["QRAUTH_WRITE_V4_OFFLINE_DEVICE"] != nil))
    func writeDeviceFile() throws {
        let path = try #require(ProcessInfo.processInfo.environment["QRAUTH_WRITE_V4_OFFLINE_DEVICE"])
        let file = try Self.load()
        let state = try Self.device(
            secret: file.activationSecret, counterData: file.counterData, master: file.masterPublicKey,
            biometry: false)
        let application = try V4.Application(
            applicationKey: Data(repeating: 1, count: 16).base64EncodedString(),
            applicationSecret: Data(repeating: 2, count: 16).base64EncodedString(),
            masterPublicKey: try Fixture.base64(file.masterPublicKey))
        let device = V4.Device(
            application: application, state: state,
            serverPublicKey: NISTP384.PrivateKey().publicKey.x963Representation,
            devicePublicKey: NISTP384.PrivateKey().publicKey.x963Representation)
        try ActivationFile.write(try V4.DeviceFile(device, password: "1234", biometry: false), to: path)
    }

    @Test func libraryReproducesTheFile() throws {
        let file = try Self.load()
        #expect(try Self.generate(from: V4OwnVectorTests.load()) == file)
        #expect(Set(file.knowledgeCodes).count == 4)
        #expect(file.knowledgeCodes.allSatisfy { $0.utf8.count == 17 })
        #expect(file.knowledgeCode6.utf8.count == 13)
    }

    @Test func parserReadsKeys2And0() throws {
        let file = try Self.load()
        let personalized = try OfflineOperation(file.payload)
        #expect(personalized.signingKey == .personalizedMAC)
        #expect(personalized.signature.count == 32)
        #expect(personalized.signedData.last == UInt8(ascii: "2"))
        let master = try OfflineOperation(file.nonPersonalizedPayload)
        #expect(master.signingKey == .master)
        // The 3.x check cannot use P-256 keys for either: key 2 needs the 4.0 key, a P-384 signature fails P-256.
        #expect(personalized.checkSignature(masterKey: nil, personalizedKey: nil) == .keyUnavailable)
        let state = try Self.device(
            secret: file.activationSecret, counterData: file.counterData, master: file.masterPublicKey, biometry: false)
        #expect(try state.verify(personalized) == .valid)
        #expect(try state.verify(master) == .valid)
        let masterKey = try NISTP384.PublicKey(x963Representation: try Fixture.base64(file.masterPublicKey))
        #expect(try V4.OfflineQR.verify(personalized, personalizedKey: nil, masterKey: masterKey) == .keyUnavailable)
        #expect(
            try V4.OfflineQR.verify(
                personalized, personalizedKey: try state.keys().possession, masterKey: masterKey) == .invalid)
        // One flipped bit of the tag is refused, by the device and by the approval-code path.
        var tag = personalized.signature
        tag[0] ^= 1
        let forged = String(file.payload.dropLast(44)) + tag.base64EncodedString()
        #expect(try state.verify(forged) == .invalid)
        var copy = state
        #expect(throws: PowerAuthError(.payload, "")) {
            try copy.approvalCode(for: try OfflineOperation(forged), factor: .knowledge)
        }
        #expect(copy.counter == 0)
    }

    @Test func serverAcceptsWithLookAheadAndNeverTwice() throws {
        let file = try Self.load()
        var server = try Self.server(file)
        let check = try Self.check(file)
        // Two codes skipped on the device: the third is found 2 steps ahead.
        let third = try server.verifyApprovalCode(file.knowledgeCodes[2], check)
        #expect(third.isValid && third.matchedIteration == 2 && third.signatureType == .possessionKnowledge)
        #expect(server.counters.counter == 3)
        // The same code again, and an older one: both refused, each a failed attempt.
        #expect(try !server.verifyApprovalCode(file.knowledgeCodes[2], check).isValid)
        #expect(try !server.verifyApprovalCode(file.knowledgeCodes[0], check).isValid)
        #expect(server.counters.failedAttempts == 2)
        // The next one matches exactly (step 0) and resets failed attempts; grouping is ignored.
        let grouped = ApprovalCodeGrouping.fourByFour.format(file.knowledgeCodes[3])
        let next = try server.verifyApprovalCode(grouped, check)
        #expect(next.isValid && next.matchedIteration == 0)
        #expect(server.counters.failedAttempts == 0 && server.counters.counter == 4)
    }

    @Test func serverWindowBiometryAndDigits() throws {
        let file = try Self.load()
        var narrow = try Self.server(file)
        #expect(try !narrow.verifyApprovalCode(file.knowledgeCodes[3], try Self.check(file, lookAhead: 3)).isValid)
        #expect(try narrow.verifyApprovalCode(file.knowledgeCodes[3], try Self.check(file, lookAhead: 4)).isValid)
        var server = try Self.server(file)
        #expect(try !server.verifyApprovalCode(file.biometryCode, try Self.check(file)).isValid)
        let biometry = try server.verifyApprovalCode(file.biometryCode, try Self.check(file, allowBiometry: true))
        #expect(biometry.isValid && biometry.signatureType == .possessionBiometry)
        var six = try Self.server(file)
        #expect(try six.verifyApprovalCode(file.knowledgeCode6, try Self.check(file, digits: 6)).isValid)
    }

    @Test func serverBlocksAtTheMaximum() throws {
        let file = try Self.load()
        var server = try Self.server(file, maxFailedAttempts: 3)
        let check = try Self.check(file)
        for attempt in 1...3 {
            let result = try server.verifyApprovalCode("00000000-00000000", check)
            #expect(!result.isValid && result.blockedNow == (attempt == 3))
        }
        #expect(server.counters.status == .blocked)
        let refused = try server.verifyApprovalCode(file.knowledgeCodes[0], check)
        #expect(!refused.isValid && refused.refusal != nil)
    }

    @Test func serverSignsKeys2And0ForA4Activation() throws {
        let file = try Self.load()
        let server = try Self.server(file)
        let data = "5ff1b1ed-a3cc-45a3-8ab0-ed60950312b6\nPayment\nPlease confirm\nA1*A100CZK\nB"
        let personalized = try OfflinePayloadSigner.sign(data: data, signer: server.offlineSigner(master: false))
        let master = NISTP384.PrivateKey()
        let nonPersonalized = try OfflinePayloadSigner.sign(
            data: data, signer: server.offlineSigner(master: true, masterP384: master))
        var state = try V4.DeviceState(
            activationId: server.activationId, suite: .ecP384,
            activationSecret: try Fixture.base64(file.activationSecret),
            masterPublicKey: master.publicKey.x963Representation, counterData: try Fixture.base64(file.counterData))
        #expect(try OfflineOperation(personalized.text).signingKey == .personalizedMAC)
        #expect(try state.verify(personalized.text) == .valid)
        #expect(try state.verify(nonPersonalized.text) == .valid)
        #expect(throws: PowerAuthError(.key, "")) { try server.offlineSigner(master: true) }
        // The device's code for the server's payload is accepted by the server.
        var copy = server
        let code = try state.approvalCode(for: try OfflineOperation(personalized.text), factor: .knowledge)
        let check = try ApprovalCodeCheck(operation: try OfflineOperation(personalized.text), allowBiometry: false)
        #expect(try copy.verifyApprovalCode(code, check).isValid)
    }

    /// The codes again from `openssl` primitives: the label KDF, `CTR_DATA` steps by `openssl dgst -sha3-256`, the
    /// two KMAC chains, and the decimalization written here.
    @Test(.enabled(if: OpenSSLCommandLine.isAvailable, "needs /usr/bin/openssl"))
    func openSSLCommandLineAgreesWithTheFile() throws {
        let file = try Self.load()
        let openssl = try OpenSSLCommandLine()
        defer { openssl.remove() }
        // KMAC256 in `openssl mac` needs OpenSSL 3.0 or later.
        let version = String(decoding: try openssl.succeed(["version"]), as: UTF8.self)
        let major = Int(version.split(separator: " ").dropFirst().first?.split(separator: ".").first ?? "") ?? 0
        #expect(major >= 3, "openssl is \(version)")
        func be32(_ value: Int) -> Data { Data([0, 0, UInt8(value >> 8), UInt8(value & 0xFF)]) }
        func kmac(_ key: Data, _ message: Data, _ custom: String) throws -> Data {
            try Fixture.hex(try openssl.kmac256(key: key, message: message, length: 32, customization: custom))
        }
        func kdf(_ key: Data, _ label: String) throws -> Data {
            try kmac(key, be32(label.utf8.count) + Data(label.utf8) + be32(0), "PA4KDF")
        }
        func decimal(_ component: Data, _ digits: Int) -> String {
            let value = component.suffix(4).reduce(0) { ($0 << 8) | Int($1) } & 0x7FFF_FFFF
            var modulus = 1
            for _ in 0..<digits { modulus *= 10 }
            let text = String(value % modulus)
            return String(repeating: "0", count: digits - text.count) + text
        }
        let secret = try Fixture.base64(file.activationSecret)
        let authentication = try kdf(secret, "auth")
        let possession = try kdf(authentication, "auth/possession")
        let knowledge = try kdf(authentication, "auth/knowledge")
        let biometry = try kdf(authentication, "auth/biometry")
        // DATA = "POST&" B64("/operation/authorize/offline") "&" NONCE "&" B64(id "&" data) "&offline" (spec §16).
        let lines = file.payload.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let body = Data("\(lines[0])&\(lines[3])".utf8).base64EncodedString()
        let uri = Data("/operation/authorize/offline".utf8).base64EncodedString()
        let data = Data("POST&\(uri)&\(lines[lines.count - 2])&\(body)&offline".utf8)
        func code(_ counter: Data, _ second: Data, _ digits: Int = 8) throws -> String {
            let d1 = try kmac(possession, counter, "PA4CODE")
            let d2 = try kmac(second, counter + d1, "PA4CODE")
            return decimal(try kmac(d1, data, "PA4CODE"), digits) + "-" + decimal(try kmac(d2, data, "PA4CODE"), digits)
        }
        var counter = try Fixture.base64(file.counterData)
        #expect(try code(counter, biometry) == file.biometryCode)
        #expect(try code(counter, knowledge, 6) == file.knowledgeCode6)
        for expected in file.knowledgeCodes {
            #expect(try code(counter, knowledge) == expected)
            counter = try openssl.succeed(["dgst", "-sha3-256", "-binary", try openssl.write(counter, to: "ctr")])
        }
        // The payload's tag: KMAC(KEY_MAC_PERSONALIZED_DATA, text up to and including "2", "PA4MAC-QR").
        let tagKey = try kdf(try kdf(secret, "util"), "util/mac/personalized-data")
        let signed = Data(file.payload.dropLast(44).utf8)
        #expect(try kmac(tagKey, signed, "PA4MAC-QR").base64EncodedString() == String(file.payload.suffix(44)))
    }
}
