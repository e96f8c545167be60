package import FoundationEssentials
import QRAuthCrypto

extension PowerAuthV4 {
    /// The knowledge key of a 4.0 device file at rest (spec §8): `KEK = KMAC(UTF8(password), SALT, 32, "PA4PBKDF")`
    /// with a fresh 32-byte salt, and the key XORed with the AES-256-CTR key stream of `KEK` (counter block zero: every
    /// wrap has its own salt, so its own KEK). Unauthenticated on purpose, as upstream's key wrap: a wrong password
    /// gives a wrong key without a local error, and the file holds nothing to test a guessed password against.
    package struct KnowledgeKeyProtection: Sendable, Equatable, Codable {
        /// The wrapped 32-byte knowledge key.
        package let encryptedKey: Data
        /// The 32-byte salt of the password KDF.
        package let salt: Data

        /// Wraps `knowledgeKey` under `password` (a fresh salt when nil).
        package static func protect(
            knowledgeKey: Data, password: String, salt: Data? = nil
        ) throws(PowerAuthError) -> KnowledgeKeyProtection {
            guard knowledgeKey.count == 32 else {
                throw PowerAuthError(.length, "a 4.0 knowledge key is 32 bytes, not \(knowledgeKey.count)")
            }
            let salt = salt ?? SecureRandom.bytes(count: PasswordKDF.minimumSaltLength)
            let wrapped = try crypt(knowledgeKey, password: password, salt: salt)
            return KnowledgeKeyProtection(encryptedKey: wrapped, salt: salt)
        }

        /// The knowledge key; any password of 4 bytes or more yields 32 bytes (a wrong one, wrong bytes).
        package func knowledgeKey(password: String) throws(PowerAuthError) -> Data {
            try validate()
            return try Self.crypt(encryptedKey, password: password, salt: salt)
        }

        /// Checks the lengths after reading a file.
        package func validate() throws(PowerAuthError) {
            guard encryptedKey.count == 32, salt.count == PasswordKDF.minimumSaltLength else {
                throw PowerAuthError(
                    .activationFile, "knowledgeKey must hold a 32-byte encryptedKey and a 32-byte salt")
            }
        }

        private static func crypt(_ input: Data, password: String, salt: Data) throws(PowerAuthError) -> Data {
            let kek = try PasswordKDF.derive(password: password, salt: salt)
            do {
                return try AES256CTR.crypt(input, key: kek, counterBlock: Data(count: AES256CTR.counterBlockSize))
            } catch {
                throw crypto("the knowledge key wrap", error)
            }
        }
    }

    /// The keys a 4.0 device file keeps instead of `KEY_ACTIVATION_SECRET` (spec §4): possession and biometry as the
    /// 3.x file keeps them (in clear; biometry only when asked for), knowledge wrapped under the password, and the
    /// utility keys the online flows and offline QR payloads need. The root is never written: it would give the
    /// knowledge key without the password.
    package struct StoredKeys: Sendable, Equatable, Codable {
        package var possession: Data
        package var knowledge: KnowledgeKeyProtection
        package var biometry: Data?
        package var counterData: Data
        package var status: Data
        package var activationTemporaryKey: Data
        package var personalizedData: Data
        package var sharedInfo2: Data

        /// Keeps `keys`, the knowledge key wrapped under `password`, the biometry key only with `biometry`.
        package init(_ keys: ActivationKeys, password: String, biometry: Bool) throws(PowerAuthError) {
            possession = keys.possession
            knowledge = try KnowledgeKeyProtection.protect(knowledgeKey: keys.knowledge, password: password)
            self.biometry = biometry ? keys.biometry : nil
            counterData = keys.counterData
            status = keys.status
            activationTemporaryKey = keys.activationTemporaryKey
            personalizedData = keys.personalizedData
            sharedInfo2 = keys.sharedInfo2
        }

        /// The keys for one operation; without a password the knowledge key is left empty (a code needing it is
        /// refused), as is the biometry key when the file keeps none.
        package func activationKeys(password: String?) throws(PowerAuthError) -> ActivationKeys {
            ActivationKeys(
                possession: possession,
                knowledge: try password.map { (text) throws(PowerAuthError) in
                    try knowledge.knowledgeKey(password: text)
                } ?? Data(), biometry: biometry ?? Data(), counterData: counterData, status: status,
                activationTemporaryKey: activationTemporaryKey, personalizedData: personalizedData,
                sharedInfo2: sharedInfo2)
        }

        func validate() throws(PowerAuthError) {
            let named: [(String, Data?)] = [
                ("possession", possession), ("biometry", biometry), ("counterData", counterData), ("status", status),
                ("activationTemporaryKey", activationTemporaryKey), ("personalizedData", personalizedData),
                ("sharedInfo2", sharedInfo2),
            ]
            for case (let name, let key?) in named where key.count != 32 {
                throw PowerAuthError(.activationFile, "keys.\(name) must be 32 bytes, not \(key.count)")
            }
            try knowledge.validate()
        }
    }

    /// A 4.0 activation's device file (`qrauth activation activate --protocol 4.0`): the same store as a 3.x device
    /// file (`ActivationFile`: JSON, mode 0600, atomic, locked), told apart by `protocolVersion` `"4.0"`, recording
    /// the suite. Holds `StoredKeys`, never `KEY_ACTIVATION_SECRET`. Every step runs on a `Device` made from it for
    /// the step (`device(password:)`) and is written back with `record(_:)`.
    package struct DeviceFile: Sendable, Equatable, Codable {
        /// The file format version this code writes and reads.
        package static let currentFormatVersion = 1

        /// File format version.
        package var formatVersion: Int
        /// Always `device`.
        package var kind: String
        /// Always `4.0`.
        package var protocolVersion: String
        /// The algorithm suite the activation was made with.
        package var suite: Suite
        /// `ACTIVATION_ID`.
        package var activationId: String
        /// The application's key, secret and P-384 master public key.
        package var application: Application
        /// The activation's server ECDSA P-384 public key (uncompressed point).
        package var serverPublicKey: Data
        /// The device's ECDSA P-384 public key (uncompressed point).
        package var devicePublicKey: Data
        /// The derived keys, knowledge wrapped.
        package var keys: StoredKeys
        /// The ML-DSA-65 keys of a PQC-suite activation: the device's seed is kept as the possession key is (in this
        /// 0600 file, not under the password: a password-wrapped seed next to its public key would let whoever
        /// holds the file test passwords offline, which the knowledge-key wrap is built to prevent). Absent for
        /// `EC_P384` and in 4.0 files written before qrauth made ML-DSA keys.
        package var mldsa: MLDSAKeys?
        /// Whether the server enabled biometry (confirm with `enableBiometry`).
        package var biometryEnabled: Bool
        /// `CTR_DATA`, 32 bytes.
        package var ctrData: Data
        /// The numeric counter (informational).
        package var counter: Int
        /// The `possession_universal` token, once created.
        package var token: Device.Token?
        /// True once the activation was removed: the file then refuses to sign.
        package var removed: Bool?
        /// Server time minus device time in milliseconds, as last learnt.
        package var serverTimeOffsetMillis: Int64?

        /// The file for a freshly activated device: its keys, the knowledge key wrapped under `password`, the
        /// biometry key kept only with `biometry`.
        package init(_ device: Device, password: String, biometry: Bool) throws(PowerAuthError) {
            formatVersion = Self.currentFormatVersion
            kind = "device"
            protocolVersion = PowerAuthV4.version
            suite = device.state.suite
            activationId = device.activationId
            application = device.application
            serverPublicKey = device.serverPublicKey
            devicePublicKey = device.devicePublicKey
            keys = try StoredKeys(device.state.keys(), password: password, biometry: biometry)
            mldsa = device.mldsa
            biometryEnabled = device.state.biometryEnabled
            ctrData = device.state.counterData
            counter = device.state.counter
            token = device.token
        }

        /// Whether the activation was removed and refuses to sign.
        package var isRemoved: Bool { removed == true }

        /// The in-memory device for one step; `password` unwraps the knowledge key (nil: possession and biometry
        /// codes only). Refuses a removed activation.
        package func device(password: String?) throws(PowerAuthError) -> Device {
            guard !isRemoved else {
                throw PowerAuthError(
                    .activationRemoved,
                    "the activation \(activationId) was removed; it signs nothing more (activate a new one)")
            }
            let state = try DeviceState(
                activationId: activationId, suite: suite, keys: keys.activationKeys(password: password),
                masterPublicKey: application.masterPublicKey, counterData: ctrData, counter: counter,
                biometryEnabled: biometryEnabled)
            return Device(
                application: application, state: state, serverPublicKey: serverPublicKey,
                devicePublicKey: devicePublicKey, mldsa: mldsa, token: token)
        }

        /// Takes what a step changed (counter, token, biometry flag) from `device`, made by `device(password:)`.
        package mutating func record(_ device: Device) throws(PowerAuthError) {
            guard device.activationId == activationId else {
                throw PowerAuthError(.activationFile, "the device is not the activation of this file")
            }
            ctrData = device.state.counterData
            counter = device.state.counter
            biometryEnabled = device.state.biometryEnabled
            token = device.token
        }

        /// The fingerprint (layout unconfirmed, open point 3).
        package var fingerprint: String {
            get throws(PowerAuthError) {
                try Fingerprint.compute(
                    suite: suite, deviceECDSA: devicePublicKey, deviceMLDSA: mldsa?.devicePublicKey,
                    activationId: activationId, serverECDSA: serverPublicKey, serverMLDSA: mldsa?.serverPublicKey)
            }
        }

        /// The device's signature algorithms, in the server's audit names: `ECDSA_P384`, then `MLDSA_65` when the
        /// file has ML-DSA keys.
        package var signatureAlgorithms: [String] { ["ECDSA_P384"] + (mldsa == nil ? [] : ["MLDSA_65"]) }

        /// Checks kind, version and key material after reading a file.
        package func validate() throws(PowerAuthError) {
            guard kind == "device" else {
                throw PowerAuthError(.activationFile, "this is not a device activation file (kind '\(kind)')")
            }
            guard protocolVersion == PowerAuthV4.version else {
                throw PowerAuthError(
                    .activationFile, "a 4.0 device file has protocolVersion 4.0, not \(protocolVersion)")
            }
            guard formatVersion == Self.currentFormatVersion else {
                throw PowerAuthError(.activationFile, "unsupported 4.0 device file formatVersion \(formatVersion)")
            }
            guard HeaderFields.isValidUUID(activationId) else {
                throw PowerAuthError(.activationFile, "activationId is not a UUID")
            }
            _ = try Application(
                applicationKey: application.applicationKey, applicationSecret: application.applicationSecret,
                masterPublicKey: application.masterPublicKey)
            _ = try p384PublicKey(serverPublicKey, "serverPublicKey")
            _ = try p384PublicKey(devicePublicKey, "devicePublicKey")
            try keys.validate()
            if let mldsa {
                guard suite.signsWithMLDSA else {
                    throw PowerAuthError(.activationFile, "a \(suite.rawValue) activation has no ML-DSA keys")
                }
                try mldsa.validate()
            }
            guard ctrData.count == Counter.size else {
                throw PowerAuthError(.activationFile, "ctrData must be 32 bytes, not \(ctrData.count)")
            }
            guard counter >= 0 else { throw PowerAuthError(.activationFile, "counter must not be negative") }
            if let token, token.secret.count != 32 {
                throw PowerAuthError(.activationFile, "token.secret must be 32 bytes, not \(token.secret.count)")
            }
        }
    }
}

extension PowerAuthV4.DeviceFile: ActivationFileContent {}
