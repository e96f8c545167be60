import FoundationEssentials
import MobileTokenAPI
public import PowerAuth

extension EnrollmentClient {
    /// `/pa/v3/token/create`: encrypts `{}` (activation scope, `CREATE_TOKEN`; 3.3 to the activation-scope temporary
    /// key), then the HTTP client's signer signs those exact bytes with uriId `/pa/token/create` (the counter is
    /// saved before the request leaves), decrypts the answer and stores the token in the device file under `name`
    /// (replacing one of that name; the name is local, the server never sees it). Returns it.
    ///
    /// With `ifAbsent`, a token the file already holds under `name` is returned as it is, and a new one is stored
    /// only when the file still holds none of that name when the answer is in
    /// (checked and written in one locked cycle): when a parallel run stored one meanwhile, that one is kept and
    /// returned, and this run's token is removed at the server again (best effort), so none is left there unused.
    ///
    /// In 3.3 a refused temporary key (`ERR_ENCRYPTION`, or the 401 `ERR_AUTHENTICATION` token creation answers
    /// with) is dropped and the call made once more with a fresh key and a new signature; never more.
    @discardableResult
    public func createToken(
        _ store: any ActivationStore<DeviceActivation>, named name: String = TokenName.possessionUniversal,
        authentication: MobileTokenAuthentication = .possession, ifAbsent: Bool = false
    ) async throws(EnrollmentError) -> TokenCredential {
        do {
            try TokenName.validate(name)
        } catch {
            throw EnrollmentError(.invalidRequest, error.reason)
        }
        let device = try usableActivation(store)
        if ifAbsent, let held = device.token(named: name) { return held }
        if name != TokenName.possessionUniversal, device.token(named: name) == nil,
            (device.namedTokens?.count ?? 0) >= TokenName.maximumCount
        {
            throw EnrollmentError(
                .invalidRequest,
                "the device file already keeps \(TokenName.maximumCount) named tokens; remove one first")
        }
        let created: TokenCredential
        do {
            created = try await createTokenOnce(store, named: name, device: device, authentication: authentication)
        } catch
            where device.protocolVersion == .v33
            && (error.code == .encryptionRefused || error.code == .authenticationFailed)
        {
            await temporaryKeys.drop(.activation(device.activationId))
            created = try await createTokenOnce(store, named: name, device: device, authentication: authentication)
        }
        guard ifAbsent else {
            try withStore("store the token") {
                try DeviceTransactions(over: store).storeToken(created, named: name, activationId: device.activationId)
            }
            return created
        }
        let held = try withStore("store the token") {
            try DeviceTransactions(over: store).storeTokenIfAbsent(
                created, named: name, activationId: device.activationId)
        }
        guard let held else { return created }
        _ = try? await removeToken(store, id: created.id, authentication: authentication)
        return held
    }

    /// One encrypted, signed `/pa/v3/token/create`; the token is returned, not yet stored.
    private func createTokenOnce(
        _ store: any ActivationStore<DeviceActivation>, named name: String, device: DeviceActivation,
        authentication: MobileTokenAuthentication
    ) async throws(EnrollmentError) -> TokenCredential {
        var keyId: String?
        var keyData: Data?
        if device.protocolVersion == .v33 {
            let key = try await activationTemporaryKey(for: device)
            keyId = key.id
            keyData = key.publicKey
        }
        let prepared: DeviceTokenFlow.Prepared
        do {
            prepared = try DeviceTokenFlow.prepare(
                device: device, temporaryKeyId: keyId, temporaryPublicKey: keyData,
                timestampMillis: clock.requestMillis())
        } catch {
            throw EnrollmentError(.invalidRequest, "cannot encrypt the token request: \(error.reason)")
        }
        let endpoint = EnrollmentEndpoints.tokenCreate(factor: Self.anyFactor(authentication))
        let exchange = try await exchange(endpoint, body: prepared.body, authentication: authentication)
        try EnrollmentResponse.checkFailure(exchange.response, endpoint: endpoint.path)
        let token: TokenCredential
        let serverMillis: Int64?
        do {
            (token, serverMillis) = try prepared.finish(responseBody: exchange.response.body)
        } catch {
            throw Self.answerError(error, endpoint: endpoint.path)
        }
        try checkFreshness(serverMillis, requestMillis: prepared.timestampMillis, exchange: exchange)
        return token
    }

    /// Checks an authenticated answer timestamp against the request's, then learns the clock from it.
    nonisolated func checkFreshness(
        _ serverMillis: Int64?, requestMillis: Int64, exchange: Exchange
    ) throws(EnrollmentError) {
        guard let serverMillis else { return }
        let receivedSynchronised = exchange.receivedMillis &+ (clock.offsetMillis ?? 0)
        do {
            try ResponseFreshness.check(
                responseTimestamp: serverMillis, requestTimestamp: requestMillis,
                receivedMillis: receivedSynchronised)
        } catch {
            throw EnrollmentError(.staleResponse, "the server's answer was refused: \(error.reason)")
        }
        clock.learn(
            serverMillis: serverMillis, sentMillis: exchange.sentMillis, receivedMillis: exchange.receivedMillis)
    }

    /// The typed error of an encrypted answer that does not open or check.
    nonisolated static func answerError(_ error: PowerAuthError, endpoint: String) -> EnrollmentError {
        switch error.code {
        case .decryption:
            EnrollmentError(
                .responseRejected,
                "\(endpoint): the server's encrypted answer does not verify (bad MAC, another key, or a replayed answer)"
            )
        case .eciesMessage:
            EnrollmentError(.responseRejected, "\(endpoint): \(error.reason)")
        case .replay:
            EnrollmentError(.staleResponse, "\(endpoint): \(error.reason)")
        default:
            EnrollmentError(.activationData, "\(endpoint): \(error.reason)")
        }
    }
}
