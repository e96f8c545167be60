import FoundationEssentials
import HTTPTypes
import MobileTokenAPI
package import PowerAuth
import QRAuthCrypto
import QRAuthFiles

/// Upgrade of a 3.3 activation to 4.0 (spec powerauth-v4.md §15), the device's side: `/pa/v4/upgrade/start` signed
/// with the 3.3 keys, then `/pa/v4/upgrade/confirm` signed with the new 4.0 keys. The cryptography is
/// `PowerAuthV4.UpgradeStart`; this file adds transport and the device-file cycles.
///
/// Recoverable by construction: the 3.x file stays the device file until the server confirmed. After a successful
/// start it gains a pending section (`pendingUpgradeV4`, the 4.0 file it becomes, knowledge key wrapped) and every
/// counter step is saved before its request leaves. Run again, the upgrade first asks `/pa/v4/activation/status`
/// with the pending keys: the server already committed them (the confirmation's answer was lost) → the pending file is
/// adopted; the server still waits for them → only the confirmation is sent again; the server does not know them →
/// the upgrade starts over (the server replaces its pending keys; the 3.x keys kept working throughout).
extension EnrollmentClient {
    /// How an upgrade ended.
    package enum UpgradeOutcome: String, Sendable {
        /// Started and confirmed in this run.
        case upgraded
        /// A pending upgrade the server had already committed (the earlier confirmation's answer was lost).
        case adoptedCommitted
        /// A pending upgrade the server still waited for: confirmed in this run.
        case resumed
    }

    /// Upgrades the 3.3 activation in the 3.x device file `store` (a store whose lock the caller holds for the
    /// whole run, `ActivationFile.withLockHeld`) to 4.0 with `suite`; `application` carries the P-384 master
    /// key that signs the application-scope temporary key. On success the file at `store.path` is replaced,
    /// atomically, by the 4.0 device file (knowledge key wrapped under `password`), which is returned.
    package func upgradeV4(
        _ store: ActivationFile<DeviceActivation>, application: PowerAuthV4.Application, suite: PowerAuthV4.Suite,
        password: String
    ) async throws(EnrollmentError) -> (file: PowerAuthV4.DeviceFile, outcome: UpgradeOutcome) {
        let store = store.clientReading
        let device = try usableActivation(store)
        guard device.protocolVersion == PowerAuthV4.Upgrade.startHeaderVersion else {
            throw EnrollmentError(
                .configuration,
                "only a 3.3 activation upgrades to 4.0; \(store.path) is \(device.protocolVersion.rawValue)")
        }
        guard device.applicationKey == application.applicationKey,
            device.applicationSecret == application.applicationSecret
        else {
            throw EnrollmentError(
                .configuration, "the SDK configuration is for another application than the device file's")
        }
        if var pending = device.pendingUpgradeV4 {
            switch try await pendingState(pending) {
            case .committed(let counted):
                pending = counted
                try finishUpgrade(store, pending)
                return (pending, .adoptedCommitted)
            case .waiting(let counted):
                try keepPending(store, counted)
                return try await sendConfirm(store, counted, outcome: .resumed)
            case .unknown:
                break
            }
        }
        let pending = try await startUpgrade(store, application: application, suite: suite, password: password)
        return try await sendConfirm(store, pending, outcome: .upgraded)
    }

    /// Start: the application-scope temporary key, the request, its 3.3 signature (counter saved first), the answer;
    /// the pending section is saved before the confirmation is signed.
    private func startUpgrade(
        _ store: ActivationFile<DeviceActivation>, application: PowerAuthV4.Application, suite: PowerAuthV4.Suite,
        password: String
    ) async throws(EnrollmentError) -> PowerAuthV4.DeviceFile {
        let device = try usableActivation(store)
        let key = try await applicationTemporaryKeyV4(application, suite: suite)
        let biometry = device.biometryKey != nil
        let start: PowerAuthV4.UpgradeStart
        do {
            start = try PowerAuthV4.UpgradeStart(
                activationId: device.activationId, application: application, temporaryKey: key, suite: suite,
                enableBiometry: biometry, nowMillis: clock.requestMillis())
        } catch {
            throw EnrollmentError(.configuration, "cannot build the upgrade request: \(error.reason)")
        }
        let transactions = DeviceTransactions(over: store)
        let signature = try withStore("sign the upgrade start") {
            try transactions.sign(
                method: "POST", uriId: PowerAuthV4.Upgrade.startURIId, body: start.body,
                type: PowerAuthV4.Upgrade.startSignatureType, password: password)
        }
        let endpoint = Endpoint(.post, EndpointPaths.PowerAuth.v4.upgradeStart)
        let exchange = try await exchange(
            endpoint, body: start.body,
            headers: [
                .powerAuthEncryption: start.encryptionHeader.value,
                .powerAuthAuthorization: signature.header.value,
            ])
        try EnrollmentResponse.checkFailure(exchange.response, endpoint: endpoint.path)
        _ = try? withStore("record the accepted signature") { try transactions.confirm(signature) }
        var pending: PowerAuthV4.DeviceFile
        do {
            let counter = try store.load().counter
            let upgraded = try start.finish(
                responseBody: exchange.response.body, counter: Int(clamping: counter))
            pending = try PowerAuthV4.DeviceFile(upgraded, password: password, biometry: biometry)
        } catch let error as PowerAuthError {
            throw Self.answerError(error, endpoint: endpoint.path)
        } catch {
            throw EnrollmentError(.missingActivation, "cannot read the activation: \(error)")
        }
        pending.serverTimeOffsetMillis = clock.offsetMillis ?? device.serverTimeOffsetMillis
        try keepPending(store, pending)
        return pending
    }

    /// Saves `pending` as the 3.x file's pending section.
    private func keepPending(
        _ store: ActivationFile<DeviceActivation>, _ pending: PowerAuthV4.DeviceFile
    ) throws(EnrollmentError) {
        try withStore("keep the pending upgrade") {
            try store.update { (device: inout DeviceActivation) in device.pendingUpgradeV4 = pending }
        }
    }

    /// Confirm: the `possession` code with the pending keys (its counter step saved in the pending section before
    /// the request leaves), then on OK the 4.0 file replaces the 3.x one.
    private func sendConfirm(
        _ store: ActivationFile<DeviceActivation>, _ pending: PowerAuthV4.DeviceFile, outcome: UpgradeOutcome
    ) async throws(EnrollmentError) -> (file: PowerAuthV4.DeviceFile, outcome: UpgradeOutcome) {
        var file = pending
        let header: PowerAuthV4.AuthorizationHeader
        do {
            var device = try file.device(password: nil)
            header = try device.upgradeConfirmAuthorization()
            try file.record(device)
        } catch {
            throw EnrollmentError(.missingActivation, "cannot sign the upgrade confirmation: \(error.reason)")
        }
        try keepPending(store, file)
        let endpoint = Endpoint(.post, EndpointPaths.PowerAuth.v4.upgradeConfirm)
        let exchange = try await exchange(
            endpoint, body: Data(), headers: [.powerAuthAuthorization: header.value])
        try EnrollmentResponse.checkFailure(exchange.response, endpoint: endpoint.path)
        try finishUpgrade(store, file)
        return (file, outcome)
    }

    /// Replaces the 3.x file by the 4.0 one, atomically (the caller holds the file's lock).
    private func finishUpgrade(
        _ store: ActivationFile<DeviceActivation>, _ file: PowerAuthV4.DeviceFile
    ) throws(EnrollmentError) {
        do {
            try ActivationFile.write(file, to: store.path)
        } catch {
            throw EnrollmentError(
                .missingActivation,
                "the server confirmed the upgrade but \(store.path) could not be replaced (\(error)); run the upgrade "
                    + "again: it adopts the pending section")
        }
    }

    /// What the server says of a pending section's keys.
    private enum PendingState {
        /// The server answered with these keys and no "upgrade confirmation pending" flag: committed.
        case committed(PowerAuthV4.DeviceFile)
        /// The server answered with these keys and flag bit 1: it waits for the confirmation.
        case waiting(PowerAuthV4.DeviceFile)
        /// The server does not know these keys (replaced, or never kept): start over.
        case unknown
    }

    /// Asks `/pa/v4/activation/status` with the pending keys (activation-scope temporary key and envelope); the
    /// counter follows the server's as after any status.
    private func pendingState(_ pending: PowerAuthV4.DeviceFile) async throws(EnrollmentError) -> PendingState {
        var device: PowerAuthV4.Device
        let key: PowerAuthV4.TemporaryKey
        let request: (body: Data, nonce: Data)
        do {
            device = try pending.device(password: nil)
            key = try await temporaryKeyV4(device.temporaryKeyExchange(), signer: device.serverKey)
            request = try device.statusRequest(key, nowMillis: clock.requestMillis())
        } catch let error as EnrollmentError where error.code == .temporaryKeyRefused {
            return .unknown
        } catch let error as EnrollmentError {
            throw error
        } catch {
            return .unknown
        }
        let endpoint = Endpoint(.post, EndpointPaths.PowerAuth.v4.activationStatus)
        let exchange = try await exchange(
            endpoint, body: request.body, headers: [.powerAuthEncryption: device.encryptionHeader.value])
        guard (200..<300).contains(exchange.response.statusCode),
            case .blob(let blob) = try? device.status(
                responseBody: exchange.response.body, key: key, nonce: request.nonce)
        else { return .unknown }
        var file = pending
        do {
            try file.record(device)
        } catch {
            return .unknown
        }
        return blob.flags & PowerAuthV4.StatusBlob.upgradePendingFlag == 0 ? .committed(file) : .waiting(file)
    }
}
