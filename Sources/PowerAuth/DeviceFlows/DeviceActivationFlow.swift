public import FoundationEssentials
public import QRAuthCrypto
import QRAuthEncoding

/// The device side of activation via activation code (`/pa/v3/activation/create`) as values: a fresh device key
/// pair, layer 2 then layer 1 encrypted (3.0–3.2 to the master server public key, 3.3 to the application-scope
/// temporary key), then the answer's two layers decrypted and checked, `KEY_MASTER_SECRET` and the signature keys
/// derived, and the device activation made. Nothing is stored here: the caller writes the file once `finish`
/// returned.
public enum DeviceActivationFlow {
    /// What the application gives every device: key, secret and the master server public key (the mobile SDK's
    /// configuration).
    public struct Application: Sendable, Equatable {
        /// `APP_KEY` as Base64 text.
        public var applicationKey: String
        /// `APP_SECRET` as Base64 text.
        public var applicationSecret: String
        /// `KEY_SERVER_MASTER_PUBLIC`, a 33- or 65-byte P-256 point.
        public var masterServerPublicKey: Data

        /// Makes application values.
        public init(applicationKey: String, applicationSecret: String, masterServerPublicKey: Data) {
            self.applicationKey = applicationKey
            self.applicationSecret = applicationSecret
            self.masterServerPublicKey = masterServerPublicKey
        }

        /// The values of a mobile SDK configuration; it must carry the master public key.
        public init(_ configuration: MobileSDKConfiguration) throws(PowerAuthError) {
            guard let master = configuration.masterServerPublicKey else {
                throw PowerAuthError(.activationFile, "the SDK configuration has no master server public key")
            }
            self.init(
                applicationKey: configuration.applicationKey, applicationSecret: configuration.applicationSecret,
                masterServerPublicKey: master)
        }

        /// The master public key as a key.
        public func masterKey() throws(PowerAuthError) -> NISTP256.Signing.PublicKey {
            try PublicKeyDecoding.publicKey(masterServerPublicKey, field: "the master server public key")
        }
    }

    /// What the device tells the server besides its key (all optional).
    public struct DeviceDetails: Sendable, Equatable {
        /// `activationName`, e.g. `qrauth on ci-runner`.
        public var name: String?
        /// `activationOtp`, the additional activation OTP.
        public var otp: String?
        /// `platform` (the server lower-cases it).
        public var platform: String?
        /// `deviceInfo`.
        public var deviceInfo: String?

        /// Makes details.
        public init(name: String? = nil, otp: String? = nil, platform: String? = nil, deviceInfo: String? = nil) {
            self.name = name
            self.otp = otp
            self.platform = platform
            self.deviceInfo = deviceInfo
        }
    }

    /// A 3.3 temporary key (application scope here): its id and public key.
    public struct TemporaryKey: Sendable, Equatable {
        /// `temporaryKeyId` (the JWT's `sub`).
        public var id: String
        /// The temporary public key.
        public var publicKey: Data

        /// Makes a key reference.
        public init(id: String, publicKey: Data) {
            self.id = id
            self.publicKey = publicKey
        }
    }

    /// The finished activation: the device file's content and what to show.
    public struct Completed: Sendable {
        /// The device activation to store.
        public var device: DeviceActivation
        /// The decimal fingerprint the back office shows (8 digits).
        public var fingerprint: String
        /// The answer's authenticated timestamp (3.2+), for the clock.
        public var serverMillis: Int64?
    }

    /// A sent request: the exact body and header, and the one-shot contexts that open its answer.
    public struct Pending: Sendable {
        /// The layer-1 encrypted-request JSON to POST.
        public let body: Data
        /// The `X-PowerAuth-Encryption` header value.
        public let encryptionHeader: String
        /// The request's ECIES timestamp (3.2+).
        public let timestampMillis: Int64
        let version: ProtocolVersion
        let application: Application
        let deviceKey: NISTP256.Signing.PrivateKey
        let layer1: ECIES.ResponseDecryptor
        let layer2: ECIES.ResponseDecryptor

        /// Decrypts both layers (MAC first), checks the layer-2 answer as the mobile SDK does (id, 16-byte
        /// `ctrData`, a valid server point, ECDH), derives the keys and makes the device activation with the
        /// knowledge key protected under `password`. Any failure throws and leaves nothing behind.
        public func finish(
            responseBody: Data, password: String, biometry: Bool = false, lookAhead: Int = 20
        ) throws(PowerAuthError) -> Completed {
            let outer = try ECIESBody.decodeResponse(responseBody, version: version)
            let layer1Plain = try layer1.decrypt(outer)
            let layer1Answer: ActivationLayer1Response
            do {
                layer1Answer = try JSONDuplicateKeys.decode(ActivationLayer1Response.self, from: layer1Plain)
            } catch {
                throw PowerAuthError(.eciesMessage, "the activation answer's layer 1 is not the expected object")
            }
            try layer1Answer.activationData.validateFields(for: version)
            let layer2Plain = try layer2.decrypt(layer1Answer.activationData)
            let answer: ActivationLayer2Response
            do {
                answer = try JSONDuplicateKeys.decode(ActivationLayer2Response.self, from: layer2Plain)
            } catch {
                throw PowerAuthError(
                    .activationFile, "the activation answer lacks activationId, serverPublicKey or ctrData")
            }
            guard HeaderFields.isValidUUID(answer.activationId) else {
                throw PowerAuthError(.activationFile, "the activation answer's activationId is not a UUID")
            }
            guard answer.ctrData.count == 16 else {
                throw PowerAuthError(
                    .length, "the activation answer's ctrData must be 16 bytes, not \(answer.ctrData.count)")
            }
            let serverKey = try PublicKeyDecoding.publicKey(answer.serverPublicKey, field: "the server public key")
            let master = try KeyDerivation.masterSecret(privateKey: deviceKey, publicKey: serverKey)
            let keys = try DerivedKeys(masterSecret: master)
            let device = DeviceActivation(
                formatVersion: DeviceActivation.currentFormatVersion, kind: "device", activationId: answer.activationId,
                protocolVersion: version, applicationKey: application.applicationKey,
                applicationSecret: application.applicationSecret,
                masterServerPublicKey: try application.masterKey().x963Representation,
                serverPublicKey: serverKey.x963Representation, devicePublicKey: deviceKey.publicKey.x963Representation,
                possessionKey: keys.possession, biometryKey: biometry ? keys.biometry : nil,
                knowledgeKey: try KnowledgeKeyProtection.protect(knowledgeKey: keys.knowledge, password: password),
                transportKey: keys.transport, ctrData: answer.ctrData, counter: 0, unconfirmedSignatures: 0,
                lookAhead: lookAhead, token: nil)
            try device.validate()
            let fingerprint = ActivationFingerprint.v3(
                devicePublicKey: deviceKey.publicKey, activationId: answer.activationId, serverPublicKey: serverKey)
            return Completed(device: device, fingerprint: fingerprint, serverMillis: outer.timestamp)
        }
    }

    /// Makes the device key pair and the request for the (already checked) activation `code`: layer 2
    /// (`ACTIVATION_LAYER_2`) carries the device public key and `details`, layer 1 (`APPLICATION_SCOPE_GENERIC`)
    /// the code and layer 2. 3.3 needs the application-scope `temporaryKey`; earlier versions encrypt to the master
    /// key. `timestampMillis` is server-synchronised time.
    public static func start(
        code: String, application: Application, version: ProtocolVersion, details: DeviceDetails = DeviceDetails(),
        temporaryKey: TemporaryKey? = nil, timestampMillis: Int64, randomness: ECIES.Randomness = .secure
    ) throws(PowerAuthError) -> Pending {
        let recipient: Data
        if version == .v33 {
            guard let temporaryKey else {
                throw PowerAuthError(.encryption, "protocol 3.3 encrypts to an application-scope temporary key")
            }
            recipient = temporaryKey.publicKey
        } else {
            recipient = try application.masterKey().x963Representation
        }
        let keyId = version == .v33 ? temporaryKey?.id : nil
        let deviceKey = randomness.ephemeralKey()
        let layer2Plain = try ECIESBody.encode(
            ActivationLayer2Request(
                devicePublicKey: deviceKey.publicKey.compressedRepresentation, activationName: details.name,
                activationOtp: details.otp, platform: details.platform, deviceInfo: details.deviceInfo))
        let layer2Encryptor = try ECIES.Encryptor(
            parameters: ECIES.Parameters(
                version: version, encryptorId: .activationLayer2, applicationKey: application.applicationKey,
                applicationSecret: application.applicationSecret, temporaryKeyId: keyId),
            recipientPublicKey: recipient)
        let (layer2Request, layer2Decryptor) = try layer2Encryptor.encrypt(
            layer2Plain, timestamp: timestampMillis, randomness: randomness)
        let layer1Plain = try ECIESBody.encode(ActivationLayer1Request.code(code, activationData: layer2Request))
        let layer1Parameters = ECIES.Parameters(
            version: version, encryptorId: .applicationScopeGeneric, applicationKey: application.applicationKey,
            applicationSecret: application.applicationSecret, temporaryKeyId: keyId)
        let layer1Encryptor = try ECIES.Encryptor(parameters: layer1Parameters, recipientPublicKey: recipient)
        let (layer1Request, layer1Decryptor) = try layer1Encryptor.encrypt(
            layer1Plain, timestamp: timestampMillis, randomness: randomness)
        return Pending(
            body: try ECIESBody.encode(layer1Request),
            encryptionHeader: EncryptionHeader(parameters: layer1Parameters).value, timestampMillis: timestampMillis,
            version: version, application: application, deviceKey: deviceKey, layer1: layer1Decryptor,
            layer2: layer2Decryptor)
    }
}
