import FoundationEssentials
public import OfflineOperations
import QRAuthCrypto

/// The server-side activation lifecycle, as the PowerAuth server runs it:
/// CREATED (init, code issued) → PENDING_COMMIT (key exchange) → ACTIVE (commit, or at once with
/// ON_KEY_EXCHANGE) ⇄ BLOCKED, and REMOVED from anywhere. Each step changes `self`; the caller persists it
/// before answering. A CREATED or PENDING_COMMIT activation past its expiry becomes REMOVED when touched.
extension ServerActivation {
    /// The default validity of a CREATED activation (PowerAuth server 1.9: 300 000 ms).
    public static let defaultActivationValidityMillis: Int64 = 300_000

    /// A CREATED activation of `version` of `application`: a fresh server key pair, no device key yet.
    /// `activationCode` and `activationSignature` come from the activation-code generator.
    package static func initiate(
        activationId: String = UUID().uuidString.lowercased(), application: ServerApplication,
        version: ServerApplication.Version, userId: String, activationCode: String, activationSignature: String,
        commitPhase: CommitPhase = .onCommit, activationOtp: String? = nil, maxFailedAttempts: Int = 5,
        expiresMillis: Int64? = nil, flags: [String] = [], nowMillis: Int64, lookAhead: Int = 20
    ) throws(ActivationLifecycleError) -> ServerActivation {
        guard !userId.isEmpty, userId.utf8.count <= 255 else {
            throw ActivationLifecycleError(.invalidInput, "userId must be 1 to 255 bytes")
        }
        guard (1...1000).contains(maxFailedAttempts) else {
            throw ActivationLifecycleError(.invalidInput, "maxFailureCount must be 1 to 1000")
        }
        if let activationOtp, activationOtp.isEmpty || activationOtp.utf8.count > 255 {
            throw ActivationLifecycleError(.invalidInput, "activationOtp must be 1 to 255 bytes")
        }
        let expires = expiresMillis ?? nowMillis + defaultActivationValidityMillis
        guard expires > nowMillis else {
            throw ActivationLifecycleError(.invalidInput, "timestampActivationExpire is in the past")
        }
        let serverKey = NISTP256.Signing.PrivateKey()
        var activation = ServerActivation(
            formatVersion: currentFormatVersion, kind: "server", activationId: activationId, protocolVersion: .v33,
            serverPrivateKey: serverKey.rawRepresentation, serverPublicKey: serverKey.publicKey.x963Representation,
            devicePublicKey: Data(),
            counters: ServerCounterState(ctrData: nil, maxFailedAttempts: maxFailedAttempts, status: .created),
            lookAhead: lookAhead, applicationKey: version.applicationKey,
            applicationSecret: version.applicationSecret, masterPrivateKey: application.masterPrivateKey,
            masterPublicKey: application.masterPublicKey, tokens: [], lastSignatureType: nil)
        activation.registration = ActivationRegistration(
            userId: userId, applicationId: application.applicationId, activationCode: activationCode,
            activationSignature: activationSignature, commitPhase: commitPhase, activationOtp: activationOtp,
            expiresMillis: expires, createdMillis: nowMillis, flags: flags)
        return activation
    }

    /// The device's part of the key exchange: the layer-2 request of `/pa/v3/activation/create` as the device sent
    /// it, and the protocol version it spoke.
    package struct DeviceRegistration: Sendable {
        /// The device key, name, OTP, platform, device info and extras.
        package var request: ActivationLayer2Request
        /// The protocol version the device spoke.
        package var protocolVersion: ProtocolVersion

        /// Makes a device registration.
        package init(_ request: ActivationLayer2Request, protocolVersion: ProtocolVersion = .v33) {
            self.request = request
            self.protocolVersion = protocolVersion
        }
    }

    /// The key exchange (server `prepareActivation`): CREATED and not expired; with ON_KEY_EXCHANGE and an
    /// OTP set, the device's OTP must match (a miss counts, REMOVED at the limit). Stores the device key
    /// (uncompressed), name, platform, device info and extras, creates `CTR_DATA`, and moves to
    /// PENDING_COMMIT, or to ACTIVE with ON_KEY_EXCHANGE.
    /// With `v4`, the device activated in protocol 4.0 (`/pa/v4/activation/create`): its P-384 key and secrets are
    /// in `v4`, `devicePublicKey` stays empty and `counters.ctrData` nil (the 4.0 counter is `v4.counterData`), so
    /// no 3.x header can authenticate against it.
    package mutating func prepare(
        _ device: DeviceRegistration, v4: ServerActivationV4? = nil, nowMillis: Int64
    ) throws(ActivationLifecycleError) {
        try requireRegistration()
        try expireIfDue(nowMillis: nowMillis)
        guard counters.status == .created else {
            throw ActivationLifecycleError(.wrongState, "the activation is \(counters.status.rawValue), not CREATED")
        }
        var publicKey: NISTP256.Signing.PublicKey?
        if v4 == nil {
            do {
                publicKey = try PublicKeyDecoding.publicKey(device.request.devicePublicKey, field: "devicePublicKey")
            } catch {
                throw ActivationLifecycleError(.invalidKey, error.reason)
            }
        }
        guard var registration else { return }
        if registration.commitPhase == .onKeyExchange, let expected = registration.activationOtp {
            try checkOtp(device.request.activationOtp, expected: expected, nowMillis: nowMillis)
        }
        devicePublicKey = publicKey?.x963Representation ?? Data()
        protocolVersion = device.protocolVersion
        self.v4 = v4
        counters.ctrData = v4 == nil ? SecureRandom.bytes(count: 16) : nil
        counters.counter = 0
        counters.failedAttempts = 0
        registration.activationName = device.request.activationName
        registration.platform = device.request.platform.map { $0.lowercased() } ?? "unknown"
        registration.deviceInfo = device.request.deviceInfo
        registration.extras = device.request.extras
        registration.lastChangeMillis = nowMillis
        self.registration = registration
        counters.status = registration.commitPhase == .onKeyExchange ? .active : .pendingCommit
    }

    /// The back office's commit: PENDING_COMMIT and not expired; an OTP set at init (ON_COMMIT) must be
    /// given again (a miss counts, REMOVED at the limit). → ACTIVE.
    package mutating func commit(activationOtp: String?, nowMillis: Int64) throws(ActivationLifecycleError) {
        try requireRegistration()
        try expireIfDue(nowMillis: nowMillis)
        guard counters.status == .pendingCommit else {
            throw ActivationLifecycleError(
                .wrongState, "the activation is \(counters.status.rawValue), not PENDING_COMMIT")
        }
        if registration?.commitPhase == .onCommit, let expected = registration?.activationOtp {
            try checkOtp(activationOtp, expected: expected, nowMillis: nowMillis)
        }
        counters.failedAttempts = 0
        setStatus(.active, nowMillis: nowMillis)
    }

    /// Blocks an ACTIVE activation (`reason` default `NOT_SPECIFIED`); a BLOCKED one stays as it is.
    package mutating func block(reason: String?, nowMillis: Int64) throws(ActivationLifecycleError) {
        switch counters.status {
        case .active:
            setStatus(.blocked, nowMillis: nowMillis)
            if registration != nil {
                registration?.blockedReason = reason ?? "NOT_SPECIFIED"
            } else {
                blockedReason = reason ?? "NOT_SPECIFIED"
            }
        case .blocked:
            return
        default:
            throw ActivationLifecycleError(.wrongState, "the activation is \(counters.status.rawValue), not ACTIVE")
        }
    }

    /// Unblocks a BLOCKED activation (failed attempts back to 0); an ACTIVE one stays as it is.
    package mutating func unblock(nowMillis: Int64) throws(ActivationLifecycleError) {
        switch counters.status {
        case .blocked:
            counters.failedAttempts = 0
            setStatus(.active, nowMillis: nowMillis)
            registration?.blockedReason = nil
            blockedReason = nil
        case .active:
            return
        default:
            throw ActivationLifecycleError(.wrongState, "the activation is \(counters.status.rawValue), not BLOCKED")
        }
    }

    /// Removes the activation (any status); its tokens go with it.
    public mutating func remove(nowMillis: Int64) {
        guard counters.status != .removed else { return }
        tokens.removeAll()
        setStatus(.removed, nowMillis: nowMillis)
    }

    /// A CREATED or PENDING_COMMIT activation past its expiry becomes REMOVED; returns whether it did.
    @discardableResult
    public mutating func expireIfNeeded(nowMillis: Int64) -> Bool {
        guard let registration, counters.status == .created || counters.status == .pendingCommit,
            nowMillis > registration.expiresMillis
        else { return false }
        setStatus(.removed, nowMillis: nowMillis)
        return true
    }

    /// The status as the back office reports it (an expired pending activation is REMOVED).
    public func effectiveStatus(nowMillis: Int64) -> ActivationStatus {
        var copy = self
        copy.expireIfNeeded(nowMillis: nowMillis)
        return copy.counters.status
    }

    /// Sets the status and the time of the last change.
    mutating func setStatus(_ status: ActivationStatus, nowMillis: Int64) {
        counters.status = status
        registration?.lastChangeMillis = nowMillis
    }

    private mutating func expireIfDue(nowMillis: Int64) throws(ActivationLifecycleError) {
        if expireIfNeeded(nowMillis: nowMillis) {
            throw ActivationLifecycleError(.expired, "the activation expired")
        }
    }

    private func requireRegistration() throws(ActivationLifecycleError) {
        guard registration != nil else {
            throw ActivationLifecycleError(.wrongState, "the activation was not made with an activation code")
        }
    }

    /// Compares an OTP in constant time; a miss counts a failed attempt, and at the limit the activation
    /// is REMOVED (the error says how many attempts remain).
    private mutating func checkOtp(
        _ given: String?, expected: String, nowMillis: Int64
    ) throws(ActivationLifecycleError) {
        if let given, ConstantTime.equals(Data(given.utf8), Data(expected.utf8)) { return }
        counters.failedAttempts += 1
        let remaining = max(0, counters.maxFailedAttempts - counters.failedAttempts)
        if remaining == 0 {
            setStatus(.removed, nowMillis: nowMillis)
            throw ActivationLifecycleError(.otpMismatch, "the activation OTP does not match; the activation is REMOVED")
        }
        throw ActivationLifecycleError(
            .otpMismatch, "the activation OTP does not match (\(remaining) attempts remain)")
    }
}
