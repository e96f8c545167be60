import FoundationEssentials
public import QRAuthCrypto

/// Makes a test activation: real key pairs and a real ECDH on both sides, so the two files agree.
public enum ActivationFactory {
    /// A matching device and server activation.
    public struct Pair: Sendable {
        /// What the phone keeps.
        public var device: DeviceActivation
        /// What the server keeps.
        public var server: ServerActivation
    }

    /// Creates an activation; the knowledge key is protected under `password`; biometry is optional.
    public static func create(
        password: String, biometry: Bool, protocolVersion: ProtocolVersion = .v33, lookAhead: Int = 20,
        maxFailedAttempts: Int = 5, masterKey: NISTP256.Signing.PrivateKey = NISTP256.Signing.PrivateKey()
    ) throws(PowerAuthError) -> Pair {
        guard (1...64).contains(lookAhead) else {
            throw PowerAuthError(.lookAhead, "the look-ahead window must be 1 to 64, not \(lookAhead)")
        }
        guard (1...1000).contains(maxFailedAttempts) else {
            throw PowerAuthError(.activationFile, "maxFailedAttempts must be 1 to 1000, not \(maxFailedAttempts)")
        }
        let deviceKey = NISTP256.Signing.PrivateKey()
        let serverKey = NISTP256.Signing.PrivateKey()
        let deviceSide = try KeyDerivation.masterSecret(privateKey: deviceKey, publicKey: serverKey.publicKey)
        let serverSide = try KeyDerivation.masterSecret(privateKey: serverKey, publicKey: deviceKey.publicKey)
        guard ConstantTime.equals(deviceSide, serverSide) else {
            throw PowerAuthError(.crypto, "the two sides of ECDH disagree")
        }
        let keys = try DerivedKeys(masterSecret: deviceSide)
        let activationId = UUID().uuidString.lowercased()
        let ctrData = SecureRandom.bytes(count: 16)
        let applicationKey = SecureRandom.bytes(count: 16).base64EncodedString()
        let applicationSecret = SecureRandom.bytes(count: 16).base64EncodedString()
        let token = TokenCredential(id: UUID().uuidString.lowercased(), secret: SecureRandom.bytes(count: 16))
        let device = DeviceActivation(
            formatVersion: DeviceActivation.currentFormatVersion, kind: "device", activationId: activationId,
            protocolVersion: protocolVersion, applicationKey: applicationKey, applicationSecret: applicationSecret,
            masterServerPublicKey: masterKey.publicKey.x963Representation,
            serverPublicKey: serverKey.publicKey.x963Representation,
            devicePublicKey: deviceKey.publicKey.x963Representation, possessionKey: keys.possession,
            biometryKey: biometry ? keys.biometry : nil,
            knowledgeKey: try KnowledgeKeyProtection.protect(knowledgeKey: keys.knowledge, password: password),
            transportKey: keys.transport, ctrData: ctrData, counter: 0, unconfirmedSignatures: 0,
            lookAhead: lookAhead, token: token)
        let server = ServerActivation(
            formatVersion: ServerActivation.currentFormatVersion, kind: "server", activationId: activationId,
            protocolVersion: protocolVersion, serverPrivateKey: serverKey.rawRepresentation,
            serverPublicKey: serverKey.publicKey.x963Representation,
            devicePublicKey: deviceKey.publicKey.x963Representation,
            counters: ServerCounterState(counter: 0, ctrData: ctrData, maxFailedAttempts: maxFailedAttempts),
            lookAhead: lookAhead, applicationKey: applicationKey, applicationSecret: applicationSecret,
            masterPrivateKey: masterKey.rawRepresentation, masterPublicKey: masterKey.publicKey.x963Representation,
            tokens: [token], lastSignatureType: nil)
        return Pair(device: device, server: server)
    }
}
