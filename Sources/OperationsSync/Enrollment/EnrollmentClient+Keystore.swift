import FoundationEssentials
import MobileTokenAPI
import PowerAuth
import QRAuthCrypto

extension EnrollmentClient {
    /// The application-scope temporary key (3.3), cached until `exp_ms − 10 s`.
    func applicationTemporaryKey(
        _ application: DeviceActivationFlow.Application
    ) async throws(EnrollmentError) -> CachedTemporaryKey {
        let clock = self.clock
        return try await temporaryKeys.key(
            for: .application(application.applicationKey), nowMillis: { clock.nowMillis() }
        ) { () async throws(EnrollmentError) -> CachedTemporaryKey in
            let master: NISTP256.Signing.PublicKey
            do throws(PowerAuthError) {
                master = try application.masterKey()
            } catch {
                throw EnrollmentError(.configuration, error.reason)
            }
            return try await self.fetchTemporaryKey(
                TemporaryKeyRequest(
                    applicationKey: application.applicationKey, challenge: TemporaryKeyRequest.makeChallenge()),
                applicationSecret: application.applicationSecret, transportKey: nil, signingKey: master)
        }
    }

    /// The activation-scope temporary key (3.3) of a device, cached until `exp_ms − 10 s`.
    func activationTemporaryKey(for device: DeviceActivation) async throws(EnrollmentError) -> CachedTemporaryKey {
        let clock = self.clock
        return try await temporaryKeys.key(for: .activation(device.activationId), nowMillis: { clock.nowMillis() }) {
            () async throws(EnrollmentError) -> CachedTemporaryKey in
            let serverKey: NISTP256.Signing.PublicKey
            do throws(PowerAuthError) {
                serverKey = try device.serverKey()
            } catch {
                throw EnrollmentError(.missingActivation, error.reason)
            }
            return try await self.fetchTemporaryKey(
                TemporaryKeyRequest(
                    applicationKey: device.applicationKey, activationId: device.activationId,
                    challenge: TemporaryKeyRequest.makeChallenge()),
                applicationSecret: device.applicationSecret, transportKey: device.transportKey, signingKey: serverKey)
        }
    }

    /// `/pa/v3/keystore/create`: sends the HS256 request JWT, verifies the ES256 answer (signature with the master or
    /// activation server key, `alg`/`typ`, echoed challenge, application key and activation id, a valid point),
    /// learns the clock from `iat_ms` and refuses a key that has already expired.
    nonisolated func fetchTemporaryKey(
        _ request: TemporaryKeyRequest, applicationSecret: String, transportKey: Data?,
        signingKey: NISTP256.Signing.PublicKey
    ) async throws(EnrollmentError) -> CachedTemporaryKey {
        let jwt: String
        do {
            jwt = try request.jwt(applicationSecret: applicationSecret, transportKey: transportKey)
        } catch {
            throw EnrollmentError(.configuration, "cannot build the temporary key request: \(error.reason)")
        }
        let endpoint = EnrollmentEndpoints.keystoreCreate
        let body = try encode(RequestEnvelope(requestObject: KeystoreCreateRequest(jwt: jwt)), what: "keystore")
        let exchange = try await exchange(endpoint, body: body)
        let answer = try EnrollmentResponse.enveloped(
            exchange.response, endpoint: endpoint.path, as: KeystoreCreateResponse.self)
        let key: TemporaryKey
        do {
            key = try TemporaryKey(verifying: answer.jwt, request: request, signingKey: signingKey)
        } catch {
            throw EnrollmentError(
                .temporaryKeyInvalid, "the temporary key from \(endpoint.path) is refused: \(error.reason)")
        }
        clock.learn(
            serverMillis: key.issuedAtMilliseconds, sentMillis: exchange.sentMillis,
            receivedMillis: exchange.receivedMillis)
        guard key.expiresAtMilliseconds > clock.nowMillis() else {
            throw EnrollmentError(.temporaryKeyExpired, "the server issued a temporary key that has already expired")
        }
        return CachedTemporaryKey(id: key.id, publicKey: key.publicKey, expiresMillis: key.expiresAtMilliseconds)
    }
}
