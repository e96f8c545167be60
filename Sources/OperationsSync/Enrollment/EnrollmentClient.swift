import FoundationEssentials
import HTTPTypes
import OfflineOperations
import PowerAuth

/// The enrollment client: the mobile token's side of `/pa/v3` — activation via activation code, status, remove,
/// MAC tokens and 3.3 temporary keys — over any `HTTPClient` (normally `NIOHTTPClient`, with the TLS, pinning and
/// plain-HTTP settings `sync` uses).
///
/// Signed calls (remove, tokens) go through the HTTP client's `RequestSigner`, which must sign with the same device
/// activation (`PowerAuthRequestSigner` over the store given to the call): the counter is advanced and saved before a
/// request leaves, and a URL that cannot be used fails before anything is signed. The device-side cryptography is
/// PowerAuth's (`DeviceTransactions`, `DeviceStatusFlow`, the ECIES layer); this type adds transport, error mapping,
/// the temporary-key cache and the server-synchronised clock.
public actor EnrollmentClient {
    nonisolated let http: any HTTPClient
    /// The server-synchronised clock every request is stamped with.
    public nonisolated let clock: ServerClock
    let temporaryKeys = TemporaryKeyCache()

    /// Makes a client over an HTTP client and a clock (a fresh one learns its offset from the first answers).
    public init(httpClient: any HTTPClient, clock: ServerClock = ServerClock()) {
        self.http = httpClient
        self.clock = clock
    }

    /// One exchange: the answer, and the device times it was sent and received (for the clock).
    struct Exchange: Sendable {
        let response: HTTPExchange.Response
        let sentMillis: Int64
        let receivedMillis: Int64
    }

    /// Sends `body` to `endpoint`; signed endpoints are signed by the HTTP client's signer with `authentication`
    /// (a typed signer failure wins over the generic one). Never retries.
    nonisolated func exchange(
        _ endpoint: Endpoint, body: Data, headers: HTTPFields = [:],
        authentication: MobileTokenAuthentication = .possession
    ) async throws(EnrollmentError) -> Exchange {
        var fields: HTTPFields = [.accept: "application/json"]
        for field in headers { fields[fields: field.name] = [field] }
        let request = HTTPExchange.Request(endpoint, body: .json(body), headers: fields)
        let sent = clock.deviceMillis()
        switch await SignedExchange.send(request, over: http, authentication: authentication) {
        case .success(let response):
            return Exchange(response: response, sentMillis: sent, receivedMillis: clock.deviceMillis())
        case .failure(.signer(let failure)): throw EnrollmentError(failure)
        case .failure(.transport(let error)): throw EnrollmentError(error)
        }
    }

    /// Encodes a body as compact JSON (keys in declaration order are not guaranteed; the server does not care).
    nonisolated func encode(_ value: some Encodable, what: String) throws(EnrollmentError) -> Data {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return try encoder.encode(value)
        } catch {
            throw EnrollmentError(.invalidRequest, "cannot encode the \(what) request")
        }
    }

    /// Loads the device activation from `store`; a store that cannot be read is `missingActivation`.
    nonisolated func loadActivation(
        _ store: any ActivationStore<DeviceActivation>
    ) throws(EnrollmentError) -> DeviceActivation {
        do {
            return try store.loadActivation()
        } catch {
            throw EnrollmentError(error)
        }
    }

    /// Loads the device activation from `store` and refuses a removed one before anything is sent.
    nonisolated func usableActivation(
        _ store: any ActivationStore<DeviceActivation>
    ) throws(EnrollmentError) -> DeviceActivation {
        let device = try loadActivation(store)
        guard !device.isRemoved else {
            throw EnrollmentError(
                .activationRemoved,
                "the activation \(device.activationId) was removed; it signs nothing more (activate a new one)")
        }
        return device
    }

    /// Runs a device-store cycle, mapping its errors.
    nonisolated func withStore<R>(_ what: String, _ body: () throws -> R) throws(EnrollmentError) -> R {
        do {
            return try body()
        } catch let error as EnrollmentError {
            throw error
        } catch let error as MobileTokenError {
            throw EnrollmentError(error)
        } catch let error as PowerAuthError {
            throw EnrollmentError(.missingActivation, "cannot \(what): \(error.reason)")
        } catch {
            throw EnrollmentError(.missingActivation, "cannot \(what): \(error)")
        }
    }

    /// The signature factor of an authentication for a call that needs two factors.
    nonisolated static func twoFactor(
        _ authentication: MobileTokenAuthentication, call: String
    ) throws(EnrollmentError) -> SignatureType {
        switch authentication {
        case .password: .possessionKnowledge
        case .biometry: .possessionBiometry
        case .possession:
            throw EnrollmentError(.factorNotAllowed, "\(call) needs two factors: give the password or biometry")
        }
    }

    /// The factor of a call that accepts possession alone (tokens).
    nonisolated static func anyFactor(_ authentication: MobileTokenAuthentication) -> SignatureType {
        switch authentication {
        case .password: .possessionKnowledge
        case .biometry: .possessionBiometry
        case .possession: .possession
        }
    }
}
