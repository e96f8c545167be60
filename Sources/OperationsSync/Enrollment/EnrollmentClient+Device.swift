import FoundationEssentials
import MobileTokenAPI
public import PowerAuth
import QRAuthEncoding

extension EnrollmentClient {
    /// `/pa/v3/activation/status`: sends a fresh challenge, decodes the encrypted status blob with the device's keys
    /// and applies it to the store (counter resynchronised when the device is behind, unconfirmed count, look-ahead,
    /// REMOVED marks the file removed). A blob that does not decode is `statusUnreadable` and changes nothing.
    public func status(
        of store: any ActivationStore<DeviceActivation>
    ) async throws(EnrollmentError) -> ActivationStatusReport {
        let device = try loadActivation(store)
        let challenge = DeviceStatusFlow.makeChallenge()
        let body = try encode(
            RequestEnvelope(
                requestObject: ActivationStatusRequest(
                    activationId: device.activationId, challenge: challenge.base64EncodedString())),
            what: "status")
        let endpoint = EnrollmentEndpoints.activationStatus
        let exchange = try await exchange(endpoint, body: body)
        let answer = try EnrollmentResponse.enveloped(
            exchange.response, endpoint: endpoint.path, as: ActivationStatusResponse.self)
        guard answer.activationId == device.activationId else {
            throw EnrollmentError(
                .invalidResponse, "\(endpoint.path) answered for another activation", httpStatus: 200)
        }
        guard let blob = StrictBase64.decode(answer.encryptedStatusBlob),
            let nonce = answer.nonce.flatMap({ StrictBase64.decode($0) })
        else {
            throw EnrollmentError(
                .invalidResponse, "\(endpoint.path) answered without a Base64 status blob and nonce", httpStatus: 200)
        }
        let transactions = DeviceTransactions(over: store)
        let checkedAt = clock.nowMillis()
        do {
            return try transactions.applyStatus(
                encryptedBlob: blob, challenge: challenge, nonce: nonce, checkedAtMillis: checkedAt)
        } catch let error as PowerAuthError where error.code == .statusBlob || error.code == .length {
            throw EnrollmentError(
                .statusUnreadable,
                "the status of \(device.activationId) does not decode (\(error.reason)): the server does not know the "
                    + "activation, it is not past CREATED, or the keys differ")
        } catch let error as MobileTokenError {
            throw EnrollmentError(error)
        } catch {
            throw EnrollmentError(.missingActivation, "cannot save the status: \(error)")
        }
    }

    /// `/pa/v3/activation/remove`, signed over `{}` with two factors; on success the device file is marked removed
    /// (it then refuses to sign). The signature's counter is saved before the request leaves.
    public func remove(
        _ store: any ActivationStore<DeviceActivation>, authentication: MobileTokenAuthentication
    ) async throws(EnrollmentError) -> String {
        let factor = try Self.twoFactor(authentication, call: "activation remove")
        let device = try usableActivation(store)
        let endpoint = EnrollmentEndpoints.activationRemove(factor: factor)
        let exchange = try await exchange(endpoint, body: Data("{}".utf8), authentication: authentication)
        try EnrollmentResponse.checkFailure(exchange.response, endpoint: endpoint.path)
        try withStore("mark the activation removed") { try DeviceTransactions(over: store).markRemoved() }
        return device.activationId
    }

    /// `/pa/v3/token/remove`, signed; the token is dropped from the device file whatever the server said about it
    /// once the server answered (it removes unknown tokens quietly). With no token id, the file's token `name`
    /// (default `possession_universal`) is removed.
    public func removeToken(
        _ store: any ActivationStore<DeviceActivation>, id: String? = nil,
        named name: String = TokenName.possessionUniversal,
        authentication: MobileTokenAuthentication = .possession
    ) async throws(EnrollmentError) -> String {
        let device = try usableActivation(store)
        guard let tokenId = id ?? device.token(named: name)?.id else {
            throw EnrollmentError(
                .missingActivation,
                name == TokenName.possessionUniversal
                    ? "the device file holds no token to remove" : "the device file holds no token named \(name)")
        }
        let endpoint = EnrollmentEndpoints.tokenRemove(factor: Self.anyFactor(authentication))
        let body = try encode(
            RequestEnvelope(requestObject: TokenRemoveRequest(tokenId: tokenId)), what: "token remove")
        let exchange = try await exchange(endpoint, body: body, authentication: authentication)
        _ = try withStore("drop the token") { try DeviceTransactions(over: store).dropToken(id: tokenId) }
        try EnrollmentResponse.checkFailure(exchange.response, endpoint: endpoint.path)
        return tokenId
    }
}
