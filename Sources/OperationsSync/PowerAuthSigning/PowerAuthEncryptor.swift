import FoundationEssentials
import HTTPTypes
public import PowerAuth

/// Encrypts the request objects of endpoints with an `encryption` scope and opens their answers, as the mobile SDK's
/// encryptors do: ECIES with the generic purposes (spec §1.3) over the device activation in `store`.
///
/// Protocol 3.0–3.2 encrypt to the master server public key (application scope; the device file must hold it) or
/// the activation's server key; 3.3 to the scope's temporary key, fetched with `/pa/v3/keystore/create`, verified
/// and cached by the enrollment client. Request timestamps and the freshness check of answers use the enrollment
/// client's server-synchronised clock, which every decrypted answer's timestamp (3.2+) teaches. Give it to
/// `MobileTokenConfiguration.encryptor`.
public struct PowerAuthEncryptor: Sendable {
    let enrollment: EnrollmentClient
    let store: any ActivationStore<DeviceActivation>

    /// Makes an encryptor over the device activation the HTTP client signs with, and an enrollment client on the
    /// same server (temporary keys, clock).
    public init(enrollment: EnrollmentClient, store: any ActivationStore<DeviceActivation>) {
        self.enrollment = enrollment
        self.store = store.forClients
    }

    /// One encrypted request on its way: the body and headers to send, and what opens the answer.
    struct Prepared: Sendable {
        let exchange: DeviceEncryptionFlow.Prepared
        let plaintext: Data
        /// The encrypted-request JSON, exactly as signed and sent.
        var body: Data { exchange.body }
        /// `X-PowerAuth-Encryption`, for requests that are not signed.
        let header: HTTPField?
    }

    /// Encrypts `plaintext` for `endpoint` (whose `encryption` is set). A signed endpoint carries no encryption
    /// header (the server reads version, application key and activation from the signature); the others do.
    func prepare(_ plaintext: Data, for endpoint: Endpoint) async throws(MobileTokenError) -> Prepared {
        let scope: ECIES.Scope = endpoint.encryption == .applicationScope ? .application : .activation
        let device = try store.loadActivation()
        var temporaryKey: CachedTemporaryKey?
        if device.protocolVersion == .v33 {
            temporaryKey = try await self.temporaryKey(scope, device: device, endpoint: endpoint.path)
        }
        let exchange: DeviceEncryptionFlow.Prepared
        do {
            exchange = try DeviceEncryptionFlow.prepare(
                plaintext, device: device, scope: scope, temporaryKeyId: temporaryKey?.id,
                temporaryPublicKey: temporaryKey?.publicKey, timestampMillis: enrollment.clock.requestMillis())
        } catch {
            switch error.code {
            case .activationRemoved:
                throw MobileTokenError(.missingActivation, error.reason)
            default:
                throw MobileTokenError(
                    .encryptionUnavailable, "cannot encrypt the request of \(endpoint.path): \(error.reason)")
            }
        }
        let header: HTTPField?
        switch endpoint.kind {
        case .signed: header = nil
        case .basic, .tokenSigned:
            header = HTTPField(name: .powerAuthEncryption, value: exchange.encryptionHeader.value)
        }
        return Prepared(exchange: exchange, plaintext: plaintext, header: header)
    }

    /// Opens the encrypted answer of `prepared` (MAC first), checks its timestamp against the request's (3.2+: a
    /// stale or replayed answer is refused even when its MAC verifies) and teaches the clock. `sentMillis` and
    /// `receivedMillis` are device times.
    func open(
        _ prepared: Prepared, response: HTTPExchange.Response, endpoint: String, sentMillis: Int64,
        receivedMillis: Int64
    ) throws(MobileTokenError) -> Data {
        let plaintext: Data
        let serverMillis: Int64?
        do {
            (plaintext, serverMillis) = try prepared.exchange.open(responseBody: response.body)
        } catch {
            switch error.code {
            case .decryption:
                throw MobileTokenError(
                    .responseRejected,
                    "\(endpoint): the encrypted answer does not verify (bad MAC, another key, or a replayed answer)",
                    httpStatus: response.statusCode)
            default:
                throw MobileTokenError(
                    .responseRejected, "\(endpoint): \(error.reason)", httpStatus: response.statusCode)
            }
        }
        do {
            try enrollment.checkFreshness(
                serverMillis, requestMillis: prepared.exchange.timestampMillis,
                exchange: EnrollmentClient.Exchange(
                    response: response, sentMillis: sentMillis, receivedMillis: receivedMillis))
        } catch {
            throw MobileTokenError(.responseRejected, "\(endpoint): \(error.reason)", httpStatus: response.statusCode)
        }
        return plaintext
    }

    /// The server refused the encryption (`ERR_ENCRYPTION`) of a 3.3 request: forgets the scope's temporary key so
    /// that the retry fetches a fresh one. Returns whether a retry may help (3.3 only).
    func encryptionRefused(_ endpoint: Endpoint) async -> Bool {
        guard let device = try? store.load(), device.protocolVersion == .v33 else { return false }
        switch endpoint.encryption {
        case .applicationScope: await enrollment.temporaryKeys.drop(.application(device.applicationKey))
        case .activationScope: await enrollment.temporaryKeys.drop(.activation(device.activationId))
        case nil: return false
        }
        return true
    }

    /// The device clock, Unix milliseconds (the enrollment clock's).
    func deviceMillis() -> Int64 { enrollment.clock.deviceMillis() }

    private func temporaryKey(
        _ scope: ECIES.Scope, device: DeviceActivation, endpoint: String
    ) async throws(MobileTokenError) -> CachedTemporaryKey {
        do throws(EnrollmentError) {
            switch scope {
            case .application:
                guard let master = device.masterServerPublicKey else {
                    throw EnrollmentError(
                        .configuration,
                        "the device file has no masterServerPublicKey, which application-scope encryption needs")
                }
                return try await enrollment.applicationTemporaryKey(
                    DeviceActivationFlow.Application(
                        applicationKey: device.applicationKey, applicationSecret: device.applicationSecret,
                        masterServerPublicKey: master))
            case .activation:
                guard !device.isRemoved else {
                    throw EnrollmentError(.activationRemoved, "the activation \(device.activationId) was removed")
                }
                return try await enrollment.activationTemporaryKey(for: device)
            }
        } catch {
            throw Self.mobileTokenError(error, endpoint: endpoint)
        }
    }

    /// The Mobile Token reading of a temporary-key failure (the server's code kept).
    static func mobileTokenError(_ error: EnrollmentError, endpoint: String) -> MobileTokenError {
        MobileTokenError(error, what: "no temporary key to encrypt \(endpoint) with") { code in
            switch code {
            case .configuration: .encryptionUnavailable
            case .temporaryKeyInvalid, .temporaryKeyExpired, .responseRejected, .staleResponse: .responseRejected
            case .statusCode: .statusCode
            case .invalidResponse: .invalidResponse
            default: .server
            }
        }
    }
}
