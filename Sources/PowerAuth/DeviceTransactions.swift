public import FoundationEssentials
public import OfflineOperations
import QRAuthCrypto

/// The device side of PowerAuth as whole transactions over an `ActivationStore`: approve an offline
/// operation, sign an online request, confirm what the server accepted. Each runs as one locked
/// read-modify-write cycle, and the counter advance is saved before a code or header is returned, so a
/// counter is never used twice, not even by parallel processes on one file.
public struct DeviceTransactions: Sendable {
    /// Where the device activation lives.
    public let store: any ActivationStore<DeviceActivation>

    /// Transactions over a store.
    public init(store: any ActivationStore<DeviceActivation>) {
        self.store = store
    }

    /// Transactions over a device activation file.
    public init(path: String) {
        self.init(store: ActivationFile<DeviceActivation>(path: path))
    }

    /// Verifies the operation's server signature with the activation's keys, computes the approval code
    /// with `factor` (`password` decrypts the knowledge key; a wrong one gives a wrong code), advances the
    /// counter and saves it; the code is returned only after the save. A signature that does not verify is
    /// refused (nothing changes) unless `allowUnverified`.
    public func approve(
        _ operation: OfflineOperation, factor: OfflineApproval.Factor, password: String?,
        uriId: String = OfflineApproval.defaultURIID, digits: Int = 8, allowUnverified: Bool = false
    ) throws -> OfflineApproval.Outcome {
        try store.update { device throws -> OfflineApproval.Outcome in
            try device.checkUsable()
            let check = operation.checkSignature(
                masterKey: try device.masterKey(), personalizedKey: try device.serverKey())
            if check != .valid && !allowUnverified { return .refused(check) }
            if factor == .biometry && device.biometryKey == nil {
                throw PowerAuthError(.missingFactorKey, "the activation has no biometry key")
            }
            let counter = device.counter
            let code = try operation.approvalCode(
                factor: factor, keys: device.factorKeys(password: factor == .knowledge ? password : nil),
                counter: device.signatureCounter(), uriId: uriId, digits: digits)
            try device.advanceCounter()
            return .approved(
                OfflineApproval.Receipt(
                    code: code, signatureType: factor.signatureType, signatureCheck: check, counter: counter,
                    activation: device))
        }
    }

    /// Signs a request of `method` to `uriId` over the exact `body` with a fresh nonce, advances the
    /// counter and saves it; the header is returned only after the save. `password` is needed for the
    /// knowledge factor.
    public func sign(
        method: String, uriId: String, body: Data, type: SignatureType, password: String?
    ) throws -> OnlineSignature {
        let request = try SignedRequest(
            method: method, uriId: uriId, nonce: SecureRandom.bytes(count: 16).base64EncodedString(), body: body)
        return try store.update { device throws -> OnlineSignature in
            try device.checkUsable()
            if type.factors.contains(.knowledge), password == nil {
                throw PowerAuthError(.missingFactorKey, "\(type.rawValue) needs the password")
            }
            if type.factors.contains(.biometry), device.biometryKey == nil {
                throw PowerAuthError(.missingFactorKey, "the activation has no biometry key")
            }
            let counter = device.counter
            let header = try AuthorizationHeader.sign(
                request: request, type: type,
                keys: device.factorKeys(password: type.factors.contains(.knowledge) ? password : nil),
                counter: device.signatureCounter(), activationId: device.activationId,
                applicationKey: device.applicationKey, applicationSecret: device.applicationSecret,
                version: device.protocolVersion)
            try device.advanceCounter()
            return OnlineSignature(header: header, counter: counter)
        }
    }

    /// Records that the server accepted `signature` (answered 2xx): the signatures up to it are confirmed,
    /// so the look-ahead warning counts only what came after. Nothing changes for another activation.
    public func confirm(_ signature: OnlineSignature) throws {
        try store.update { device in
            guard device.activationId == signature.header.activationId else { return }
            device.confirmAccepted(counter: signature.counter)
        }
    }

    /// Sets the device's unconfirmed count from the server's state after an accepted code; returns how far
    /// the device is ahead, or nil (unchanged) when it is not within 64 steps of the server.
    public func synchronise(with server: ServerActivation) throws -> Int? {
        try store.update { device throws -> Int? in
            guard device.activationId == server.activationId else {
                throw PowerAuthError(
                    .activationMismatch,
                    "the device file belongs to activation \(device.activationId), not \(server.activationId)")
            }
            return try device.synchronise(with: server.counters, lookAhead: server.lookAhead)
        }
    }

    /// The `X-PowerAuth-Token` header of the activation's token `name` (default `possession_universal`) at
    /// `timestampMillis`, or nil when the activation has none of that name. Nothing is stored.
    public func tokenHeader(
        named name: String = TokenName.possessionUniversal, timestampMillis: Int64
    ) throws -> TokenHeader? {
        let device = try store.load()
        try device.checkUsable()
        guard let token = device.token(named: name) else { return nil }
        // The activation's own version: a 3.2 server refuses a header that says 3.3 (issue 29, item 14).
        return TokenDigest.header(
            tokenId: token.id, tokenSecret: token.secret, timestampMillis: timestampMillis,
            version: device.protocolVersion)
    }
}
