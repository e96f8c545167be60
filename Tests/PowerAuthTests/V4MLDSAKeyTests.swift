import Foundation
import PowerAuth
import QRAuthCrypto
import QRAuthTestSupport
import Testing

/// ML-DSA-65 keys of a PQC-suite activation (spec §2, §13): made by the device and the server, sent as SPKI,
/// kept in the 4.0 device file (older files without them still load), covered by the fingerprint, and checked on
/// both sides of `/pa/v4/activation/create`.
struct V4MLDSAKeyTests {
    let flows = V4FlowRoundTripTests()

    @Test func signingKeysAreMadePerSuite() throws {
        let pqc = try PowerAuthV4.SigningKeys(suite: .ecP384MLL3)
        let wire = pqc.publicKeys
        #expect(try #require(Data(base64Encoded: wire.ecdsa)).count == 97)
        let mldsaText = try #require(wire.mldsa)
        let mldsa = try #require(Data(base64Encoded: mldsaText))
        #expect(mldsa.count == 1974 && mldsa == pqc.mldsa?.publicKeySPKI)
        let classic = try PowerAuthV4.SigningKeys(suite: .ecP384)
        #expect(classic.mldsa == nil && classic.publicKeys.mldsa == nil)
        // Fixed material gives the same keys again; a seed for the wrong suite, or none for the PQC one, is refused.
        let again = try PowerAuthV4.SigningKeys(
            suite: .ecP384MLL3, ecdsaPrivateKey: pqc.ecdsa.rawRepresentation, mldsaSeed: pqc.mldsa?.seed)
        #expect(again.publicKeys == wire)
        #expect(throws: PowerAuthError(.key, "")) {
            try PowerAuthV4.SigningKeys(
                suite: .ecP384, ecdsaPrivateKey: pqc.ecdsa.rawRepresentation, mldsaSeed: pqc.mldsa?.seed)
        }
        #expect(throws: PowerAuthError(.key, "")) {
            try PowerAuthV4.SigningKeys(
                suite: .ecP384MLL3, ecdsaPrivateKey: pqc.ecdsa.rawRepresentation, mldsaSeed: nil)
        }
    }

    /// The wire-encoding choice (SPKI) and the other one (raw FIPS 204 key): readers take both; the fingerprint
    /// hashes what was sent, so the two encodings give different fingerprints.
    @Test func mldsaPublicKeyEncodingChoiceAndTheOther() throws {
        let key = try MLDSA65Key()
        #expect(PowerAuthV4.MLDSAPublicKeyEncoding.encode(key) == key.publicKeySPKI)
        let spki = key.publicKeySPKI.base64EncodedString()
        let raw = key.publicKeyRawRepresentation.base64EncodedString()
        #expect(try PowerAuthV4.MLDSAPublicKeyEncoding.decode(spki, field: "k") == key.publicKeySPKI)
        #expect(try PowerAuthV4.MLDSAPublicKeyEncoding.decode(raw, field: "k") == key.publicKeyRawRepresentation)
        #expect(throws: PowerAuthError(.key, "")) {
            try PowerAuthV4.MLDSAPublicKeyEncoding.decode(Data(count: 1952 - 1).base64EncodedString(), field: "k")
        }
        #expect(throws: PowerAuthError(.base64, "")) { try PowerAuthV4.MLDSAPublicKeyEncoding.decode("%", field: "k") }
        let ecdsa = NISTP384.PrivateKey().publicKey.x963Representation
        let id = UUID().uuidString.lowercased()
        func fingerprint(_ device: Data) throws -> String {
            try PowerAuthV4.Fingerprint.compute(
                suite: .ecP384MLL3, deviceECDSA: ecdsa, deviceMLDSA: device, activationId: id, serverECDSA: ecdsa,
                serverMLDSA: key.publicKeySPKI)
        }
        #expect(try fingerprint(key.publicKeySPKI) != fingerprint(key.publicKeyRawRepresentation))
    }

    /// The fingerprint covers both ML-DSA keys: another device or server ML-DSA key gives another one, and the
    /// `EC_P384` layout (no ML-DSA elements) is not the PQC one.
    @Test func fingerprintCoversBothMLDSAKeys() throws {
        let (device, server) = try flows.activate(suite: .ecP384MLL3)
        let mldsa = try #require(device.mldsa)
        let v4 = try server.requireV4()
        let other = try MLDSA65Key().publicKeySPKI
        func compute(device deviceKey: Data?, server serverKey: Data?) throws -> String {
            try PowerAuthV4.Fingerprint.compute(
                suite: .ecP384MLL3, deviceECDSA: device.devicePublicKey, deviceMLDSA: deviceKey,
                activationId: device.activationId, serverECDSA: device.serverPublicKey, serverMLDSA: serverKey)
        }
        let shown = try device.fingerprint
        #expect(try compute(device: mldsa.devicePublicKey, server: mldsa.serverPublicKey) == shown)
        #expect(try v4.fingerprint(activationId: server.activationId) == shown)
        #expect(try compute(device: other, server: mldsa.serverPublicKey) != shown)
        #expect(try compute(device: mldsa.devicePublicKey, server: other) != shown)
        #expect(try compute(device: nil, server: nil) != shown)
        // SHA3-256 over SIZES(...) recomputed here from its parts, then the 3.x decimal rule.
        var input = Data()
        for element in [
            Data("EC_P384_ML_L3".utf8), device.devicePublicKey, mldsa.devicePublicKey, Data(device.activationId.utf8),
            device.serverPublicKey, mldsa.serverPublicKey,
        ] {
            input += PowerAuthV4.bigEndian32(element.count) + element
        }
        let digest = SHA3.hash256(input)
        let tail = digest.suffix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) } & 0x7FFF_FFFF
        #expect(shown == String(format: "%08d", tail % 100_000_000))
    }

    /// The device's ML-DSA key signs; the server verifies with the key it received (what `/rest/v4/dsa/verify`
    /// checks as `signatureMldsa`).
    @Test func deviceMLDSAKeySignsForTheServer() throws {
        let (device, server) = try flows.activate(suite: .ecP384MLL3)
        let mldsa = try #require(device.mldsa)
        let data = Data("data to sign".utf8)
        let signature = try mldsa.sign(data)
        let received = try #require(try server.requireV4().deviceMLDSAPublicKey)
        #expect(try MLDSA65Key.isValidSignature(signature, for: data, publicKey: received))
        #expect(try !MLDSA65Key.isValidSignature(signature, for: data + Data([1]), publicKey: received))
    }

    @Test func fileKeepsTheMLDSAKeysAndOldFilesStillLoad() throws {
        let (device, _) = try flows.activate(suite: .ecP384MLL3)
        let file = try PowerAuthV4.DeviceFile(device, password: "1234", biometry: false)
        let mldsa = try #require(file.mldsa)
        #expect(file.signatureAlgorithms == ["ECDSA_P384", "MLDSA_65"])
        try TemporaryDirectory.with(prefix: "v4mldsa") { folder in
            let path = folder.appendingPathComponent("device.json").path
            try ActivationFile.write(file, to: path)
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            let loaded = try ActivationFile<PowerAuthV4.DeviceFile>(path: path).load()
            #expect(loaded == file)
            #expect(try loaded.device(password: nil).mldsa == device.mldsa)
            #expect(try loaded.fingerprint == device.fingerprint)

            // A 4.0 file written before ML-DSA keys (no "mldsa" member) loads, signs and fingerprints without them.
            var object = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
            #expect(object.removeValue(forKey: "mldsa") != nil)
            try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
            let old = try ActivationFile<PowerAuthV4.DeviceFile>(path: path).load()
            #expect(old.mldsa == nil && old.signatureAlgorithms == ["ECDSA_P384"])
            var oldDevice = try old.device(password: "1234")
            _ = try oldDevice.authorize(method: "POST", uriId: "/x", body: Data(), type: .possessionKnowledge)
            #expect(try old.fingerprint != device.fingerprint)
        }
        // A seed that does not give the recorded public key, or ML-DSA keys on an EC_P384 file, are refused.
        var broken = file
        broken.mldsa = PowerAuthV4.MLDSAKeys(
            devicePublicKey: mldsa.devicePublicKey, deviceSeed: SecureRandom.bytes(count: 32),
            serverPublicKey: mldsa.serverPublicKey)
        #expect(throws: PowerAuthError(.activationFile, "")) { try broken.validate() }
        broken.mldsa = PowerAuthV4.MLDSAKeys(
            devicePublicKey: mldsa.devicePublicKey, deviceSeed: mldsa.deviceSeed, serverPublicKey: Data(count: 10))
        #expect(throws: PowerAuthError(.activationFile, "")) { try broken.validate() }
        broken = file
        broken.suite = .ecP384
        #expect(throws: PowerAuthError(.activationFile, "")) { try broken.validate() }
    }

    /// `serverPublicKeys.mldsa` is required for the PQC suite and refused for `EC_P384` (spec §13.3), and the
    /// server refuses a layer 2 without (or with a bad) `devicePublicKeys.mldsa`.
    @Test func bothSidesCheckTheMLDSAMemberAgainstTheSuite() throws {
        let spki = try MLDSA65Key().publicKeySPKI.base64EncodedString()
        let ecdsa = NISTP384.PrivateKey().publicKey.x963Representation.base64EncodedString()
        typealias Encoding = PowerAuthV4.MLDSAPublicKeyEncoding
        #expect(
            try Encoding.received(.init(ecdsa: ecdsa, mldsa: spki), suite: .ecP384MLL3, field: "f")?
                .base64EncodedString() == spki)
        #expect(throws: PowerAuthError(.key, "")) {
            try Encoding.received(.init(ecdsa: ecdsa), suite: .ecP384MLL3, field: "f")
        }
        #expect(throws: PowerAuthError(.key, "")) {
            try Encoding.received(.init(ecdsa: ecdsa, mldsa: spki), suite: .ecP384, field: "f")
        }
        #expect(throws: PowerAuthError(.key, "")) {
            try Encoding.received(.init(ecdsa: ecdsa, mldsa: ecdsa), suite: .ecP384MLL3, field: "f")
        }
        #expect(try Encoding.received(.init(ecdsa: ecdsa), suite: .ecP384, field: "f") == nil)
    }
}
