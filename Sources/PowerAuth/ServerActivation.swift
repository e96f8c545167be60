public import FoundationEssentials
public import OfflineOperations
public import QRAuthCrypto

/// The server side of an activation, as `qrauth activation create --server` writes it (docs/powerauth.md).
public struct ServerActivation: Sendable, Equatable, Codable {
    /// The file format version this code writes and reads.
    public static let currentFormatVersion = 1

    /// File format version.
    public var formatVersion: Int
    /// Always `server`.
    public var kind: String
    /// `ACTIVATION_ID`.
    public var activationId: String
    /// The protocol version.
    public var protocolVersion: ProtocolVersion
    /// `KEY_SERVER_PRIVATE`, 32 raw bytes.
    public var serverPrivateKey: Data
    /// `KEY_SERVER_PUBLIC`, X9.62 uncompressed.
    public var serverPublicKey: Data
    /// `KEY_DEVICE_PUBLIC`, X9.62 uncompressed.
    public var devicePublicKey: Data
    /// Counters, failed attempts and status.
    package var counters: ServerCounterState
    /// The look-ahead window this server uses (1...64, default 20).
    public var lookAhead: Int
    /// `APP_KEY` as its Base64 text.
    public var applicationKey: String
    /// `APP_SECRET` as its Base64 text.
    public var applicationSecret: String
    /// `KEY_SERVER_MASTER_PRIVATE`, 32 raw bytes.
    public var masterPrivateKey: Data
    /// `KEY_SERVER_MASTER_PUBLIC`, X9.62 uncompressed.
    public var masterPublicKey: Data
    /// MAC tokens issued to this activation.
    public var tokens: [TokenCredential]
    /// The signature type of the last successful check, if any.
    public var lastSignatureType: SignatureType?
    /// The lifecycle of an activation made through an activation code (`qrauth serve`); nil for the
    /// files `qrauth activation create` writes, which are ACTIVE from the start. While the status is
    /// CREATED (and after a removal from CREATED) `devicePublicKey` is empty.
    package var registration: ActivationRegistration? = nil
    /// Why an activation with no `registration` (a file loaded with `--activation`) was blocked by hand;
    /// nil otherwise (an activation with a registration keeps it there). Absent in older files.
    public var blockedReason: String? = nil
    /// The protocol 4.0 part of an activation made with `/pa/v4/activation/create` (nil for 3.x activations, whose
    /// files therefore read and write unchanged).
    package var v4: ServerActivationV4? = nil
    /// The 4.0 keys of an upgrade from 3.3 that `/pa/v4/upgrade/start` made and `/pa/v4/upgrade/confirm` has not
    /// committed yet (spec §15); the 3.x keys keep working until then. Absent otherwise.
    package var upgradeV4: ServerActivationV4? = nil

    /// Whether the device key was exchanged (false while CREATED).
    public var hasDeviceKey: Bool { !devicePublicKey.isEmpty }

    /// The signature keys, derived from a fresh ECDH of the server private and device public keys.
    public func factorKeys() throws(PowerAuthError) -> FactorKeys {
        try derivedKeys().factorKeys
    }

    /// Every derived key.
    public func derivedKeys() throws(PowerAuthError) -> DerivedKeys {
        let privateKey = try PublicKeyDecoding.privateKey(serverPrivateKey, field: "serverPrivateKey")
        let publicKey = try PublicKeyDecoding.publicKey(devicePublicKey, field: "devicePublicKey")
        return try DerivedKeys(masterSecret: KeyDerivation.masterSecret(privateKey: privateKey, publicKey: publicKey))
    }

    /// The personalized signing key (`KEY_SERVER_PRIVATE`).
    public func serverSigningKey() throws(PowerAuthError) -> NISTP256.Signing.PrivateKey {
        try PublicKeyDecoding.privateKey(serverPrivateKey, field: "serverPrivateKey")
    }

    /// The application master signing key (`KEY_SERVER_MASTER_PRIVATE`).
    public func masterSigningKey() throws(PowerAuthError) -> NISTP256.Signing.PrivateKey {
        try PublicKeyDecoding.privateKey(masterPrivateKey, field: "masterPrivateKey")
    }

    /// Checks kind, version and key material after reading a file.
    public func validate() throws(PowerAuthError) {
        guard kind == "server" else {
            throw PowerAuthError(.activationFile, "this is not a server activation file (kind '\(kind)')")
        }
        guard formatVersion == Self.currentFormatVersion else {
            throw PowerAuthError(.activationFile, "unsupported server file formatVersion \(formatVersion)")
        }
        guard (1...64).contains(lookAhead) else {
            throw PowerAuthError(.activationFile, "lookAhead must be 1 to 64, not \(lookAhead)")
        }
        if let ctrData = counters.ctrData, ctrData.count != 16 {
            throw PowerAuthError(.activationFile, "counters.ctrData must be 16 bytes, not \(ctrData.count)")
        }
        _ = try serverSigningKey()
        _ = try masterSigningKey()
        try upgradeV4?.validate()
        if let v4 {
            try v4.validate()
        } else if hasDeviceKey || registration == nil {
            _ = try PublicKeyDecoding.publicKey(devicePublicKey, field: "devicePublicKey")
        } else if counters.status != .created && counters.status != .removed {
            throw PowerAuthError(.activationFile, "a \(counters.status.rawValue) activation needs devicePublicKey")
        }
    }
}
