public import FoundationEssentials
public import QRAuthCrypto

/// The device side of an activation, as `qrauth activation create --device` writes it (docs/powerauth.md).
public struct DeviceActivation: Sendable, Equatable, Codable {
    /// The file format version this code writes and reads.
    public static let currentFormatVersion = 1
    /// How close to the look-ahead window the unconfirmed code count may get before a warning.
    public static let warningMargin = 5

    /// File format version.
    public var formatVersion: Int
    /// Always `device`.
    public var kind: String
    /// `ACTIVATION_ID`.
    public var activationId: String
    /// The protocol version online headers carry.
    public var protocolVersion: ProtocolVersion
    /// `APP_KEY` as its Base64 text.
    public var applicationKey: String
    /// `APP_SECRET` as its Base64 text.
    public var applicationSecret: String
    /// `KEY_SERVER_MASTER_PUBLIC`, X9.62 uncompressed (may be absent after an import without a config).
    public var masterServerPublicKey: Data?
    /// `KEY_SERVER_PUBLIC`, X9.62 uncompressed.
    public var serverPublicKey: Data
    /// `KEY_DEVICE_PUBLIC`, X9.62 uncompressed (absent after an import).
    public var devicePublicKey: Data?
    /// `KEY_SIGNATURE_POSSESSION`.
    public var possessionKey: Data
    /// `KEY_SIGNATURE_BIOMETRY`, when biometry is enabled.
    public var biometryKey: Data?
    /// `KEY_SIGNATURE_KNOWLEDGE`, encrypted under the password.
    package var knowledgeKey: KnowledgeKeyProtection
    /// `KEY_TRANSPORT`.
    public var transportKey: Data
    /// The hash-based counter `CTR_DATA` (nil for a version 2 activation).
    public var ctrData: Data?
    /// The numeric counter.
    public var counter: UInt64
    /// Codes and signatures made since the server last confirmed the counter.
    public var unconfirmedSignatures: Int
    /// The server's look-ahead window as last known (default 20).
    public var lookAhead: Int
    /// The `possession_universal` MAC token, when one exists.
    public var token: TokenCredential?
    /// The other MAC tokens by their local name (the server knows only id and secret), as the mobile SDK's token
    /// store keeps them; never holds `possession_universal` (that one is `token`). Absent in older files and when
    /// empty.
    public var namedTokens: [String: TokenCredential]?
    /// True once the activation was removed (`activation remove`, or a status answer saying REMOVED): the file
    /// then refuses to sign. Absent in older files (not removed).
    public var removed: Bool?
    /// What the server last said in an activation status answer (absent until `activation status` ran).
    package var lastStatus: DeviceStatusRecord?
    /// Server time minus device time in milliseconds, as last learnt from the enrollment server (absent until
    /// one answered); requests then start from server-synchronised time.
    public var serverTimeOffsetMillis: Int64?
    /// An upgrade to 4.0 that `/pa/v4/upgrade/start` began and `/pa/v4/upgrade/confirm` has not finished (spec
    /// powerauth-v4.md §15): the 4.0 device file the activation becomes once the server confirms, knowledge key
    /// wrapped. The 3.x keys above stay in use until then; `qrauth activation upgrade` run again resumes or starts
    /// over. Absent otherwise (3.x files read and write unchanged).
    package var pendingUpgradeV4: PowerAuthV4.DeviceFile?

    /// Whether the activation was removed and refuses to sign.
    public var isRemoved: Bool { removed == true }

    /// Throws `activationRemoved` when the activation was removed: nothing may be signed with it any more.
    public func checkUsable() throws(PowerAuthError) {
        guard !isRemoved else {
            throw PowerAuthError(
                .activationRemoved,
                "the activation \(activationId) was removed; it signs nothing more (activate a new one)")
        }
    }

    /// The counter the next signature uses.
    public func signatureCounter() throws(PowerAuthError) -> SignatureCounter {
        guard let ctrData else { return .numeric(counter) }
        return try .hashBased(validating: ctrData)
    }

    /// Records that a signature was computed: advances both counters (persist before showing the result).
    package mutating func advanceCounter() throws(PowerAuthError) {
        let next = try signatureCounter().advanced()
        if case .hashBased(let data) = next { ctrData = data }
        counter = counter &+ 1
        unconfirmedSignatures += 1
    }

    /// Whether the unconfirmed count is close to (or past) the server's window: the #1 lock-out cause.
    public var isNearLookAhead: Bool { unconfirmedSignatures >= max(1, lookAhead - Self.warningMargin) }

    /// The factor keys for a signature: knowledge decrypted with `password` (a wrong password, a wrong key).
    public func factorKeys(password: String?) throws(PowerAuthError) -> FactorKeys {
        FactorKeys(
            possession: possessionKey,
            knowledge: try password.map { (text) throws(PowerAuthError) in
                try knowledgeKey.knowledgeKey(password: text)
            }, biometry: biometryKey)
    }

    /// The server public key as a key.
    public func serverKey() throws(PowerAuthError) -> NISTP256.Signing.PublicKey {
        try PublicKeyDecoding.publicKey(serverPublicKey, field: "serverPublicKey")
    }

    /// The master server public key, when the file has one.
    public func masterKey() throws(PowerAuthError) -> NISTP256.Signing.PublicKey? {
        try masterServerPublicKey.map { (data) throws(PowerAuthError) in
            try PublicKeyDecoding.publicKey(data, field: "masterServerPublicKey")
        }
    }

    /// Checks lengths and version after reading a file.
    public func validate() throws(PowerAuthError) {
        guard kind == "device" else {
            throw PowerAuthError(.activationFile, "this is not a device activation file (kind '\(kind)')")
        }
        guard formatVersion == Self.currentFormatVersion else {
            throw PowerAuthError(.activationFile, "unsupported device file formatVersion \(formatVersion)")
        }
        for (name, key) in [("possessionKey", possessionKey), ("transportKey", transportKey)] where key.count != 16 {
            throw PowerAuthError(.activationFile, "\(name) must be 16 bytes, not \(key.count)")
        }
        if let biometryKey, biometryKey.count != 16 {
            throw PowerAuthError(.activationFile, "biometryKey must be 16 bytes, not \(biometryKey.count)")
        }
        if let ctrData, ctrData.count != 16 {
            throw PowerAuthError(.activationFile, "ctrData must be 16 bytes, not \(ctrData.count)")
        }
        _ = try KnowledgeKeyProtection(
            encryptedKey: knowledgeKey.encryptedKey, salt: knowledgeKey.salt, iterations: knowledgeKey.iterations)
        guard (1...64).contains(lookAhead) else {
            throw PowerAuthError(.activationFile, "lookAhead must be 1 to 64, not \(lookAhead)")
        }
        _ = try serverKey()
        _ = try masterKey()
        try validateTokens()
        if let pendingUpgradeV4 {
            try pendingUpgradeV4.validate()
            guard pendingUpgradeV4.activationId == activationId else {
                throw PowerAuthError(.activationFile, "pendingUpgradeV4 belongs to another activation")
            }
        }
    }
}
