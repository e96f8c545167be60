public import FoundationEssentials
import HTTPTypes
public import MobileTokenAPI
public import OfflineOperations
import QRAuthEncoding

/// The Mobile Token API client: list, detail, claim, history, authorize and reject online operations.
///
/// Built on any `HTTPClient` whose configuration carries a `RequestSigner` (normally `PowerAuthRequestSigner`).
/// Concurrent `operations()` calls share one request; signed requests are serialised as configured.
public actor MobileTokenClient {
    nonisolated let http: any HTTPClient
    /// The configuration.
    public nonisolated let configuration: MobileTokenConfiguration
    let signedGate = RequestGate()
    var listFetch: SharedFetch?
    /// Server time minus device time, learned from `currentTimestamp`; nil until a list/detail/claim answered.
    public private(set) var serverTimeOffset: TimeInterval?

    /// Makes a client over an HTTP client.
    public init(httpClient: any HTTPClient, configuration: MobileTokenConfiguration = MobileTokenConfiguration()) {
        self.http = httpClient
        self.configuration = configuration
    }

    /// "Now" on the server-synchronised clock, as the SDKs' `withSynchronizedTime`: the configuration's
    /// `serverClock` once it learnt an offset (PowerAuth's time synchronisation), else the offset learnt from
    /// `currentTimestamp`, else the device clock.
    public func serverDate() -> Date {
        if let clock = configuration.serverClock, let offset = clock.offsetMillis {
            return configuration.now().addingTimeInterval(TimeInterval(offset) / 1000)
        }
        return configuration.now().addingTimeInterval(serverTimeOffset ?? 0)
    }

    /// The pending operations (`list`, token). Calls made while a list request is in flight share it.
    public func operations() async throws(MobileTokenError) -> [UserOperation] {
        let fetch: SharedFetch
        if let listFetch {
            fetch = listFetch
        } else {
            fetch = SharedFetch(
                Task {
                    let result: Result<[UserOperation], MobileTokenError>
                    do {
                        result = .success(try await self.fetchList())
                    } catch let error as MobileTokenError {
                        result = .failure(error)
                    } catch {
                        result = .failure(MobileTokenError(.network, "the list request failed"))
                    }
                    self.clearListFetch()
                    return try result.get()
                })
            listFetch = fetch
        }
        return try await fetch.value()
    }

    /// One operation in any status (`detail`, token).
    public func detail(id: String) async throws(MobileTokenError) -> UserOperation {
        try await call(
            MobileTokenEndpoints.detail, requestObject: OperationIdRequest(id: id), expecting: UserOperation.self,
            authentication: .possession, learnsTime: true)
    }

    /// Assigns a non-personalised operation to this user and returns it (`claim`, token).
    public func claim(id: String) async throws(MobileTokenError) -> UserOperation {
        try await call(
            MobileTokenEndpoints.claim, requestObject: OperationIdRequest(id: id), expecting: UserOperation.self,
            authentication: .possession, learnsTime: true)
    }

    /// Operations in any status (`history`, 2FA signature with uriId `/operation/history`).
    public func history(authentication: MobileTokenAuthentication) async throws(MobileTokenError) -> [UserOperation] {
        let factor = try Self.twoFactor(authentication, for: "history")
        return try await call(
            MobileTokenEndpoints.history(factor: factor), requestObject: EmptyRequest?.none,
            expecting: [UserOperation].self, authentication: authentication, learnsTime: false)
    }

    /// Approves an operation (`authorize`, signature with uriId `/operation/authorize` and the factor that
    /// `allowedSignatureType` and the authentication agree on). The operation may be one built locally. A proximity
    /// check without `timestampSent` is stamped with `serverDate()`; `mobileTokenData` is sent as given.
    public func authorize(
        _ operation: UserOperation, authentication: MobileTokenAuthentication, proximityCheck: ProximityCheck? = nil,
        mobileTokenData: MobileTokenData? = nil
    ) async throws(MobileTokenError) {
        let factor = try Self.factor(for: operation.allowedSignatureType, authentication: authentication)
        var check = proximityCheck ?? operation.proximityCheck
        if check != nil, check?.timestampSent == nil { check?.timestampSent = serverDate() }
        let _: EmptyPayload = try await call(
            MobileTokenEndpoints.authorize(factor: factor),
            requestObject: AuthorizeRequest(
                id: operation.id, data: operation.data, proximityCheck: check, mobileTokenData: mobileTokenData),
            expecting: EmptyPayload.self, authentication: authentication, learnsTime: false)
    }

    /// Rejects an operation (`cancel`, possession signature with uriId `/operation/cancel`).
    public func reject(
        _ operation: UserOperation, reason: RejectionReason, mobileTokenData: MobileTokenData? = nil
    ) async throws(MobileTokenError) {
        try await reject(id: operation.id, reason: reason, mobileTokenData: mobileTokenData)
    }

    /// Rejects an operation given by id; `mobileTokenData` needs enrollment server 2.0+ (older ones ignore it).
    public func reject(
        id: String, reason: RejectionReason, mobileTokenData: MobileTokenData? = nil
    ) async throws(MobileTokenError) {
        let _: EmptyPayload = try await call(
            MobileTokenEndpoints.reject,
            requestObject: RejectRequest(id: id, reason: reason, mobileTokenData: mobileTokenData),
            expecting: EmptyPayload.self, authentication: .possession, learnsTime: false)
    }

    /// Calls any endpoint that speaks the Mobile Token envelopes (for example a custom signed one) and decodes
    /// its `responseObject`.
    public func send<Request: Encodable & Sendable, Response: Decodable & Sendable>(
        _ endpoint: Endpoint, requestObject: Request?, expecting: Response.Type = Response.self,
        authentication: MobileTokenAuthentication = .possession
    ) async throws(MobileTokenError) -> Response {
        try await call(
            endpoint, requestObject: requestObject, expecting: expecting, authentication: authentication,
            learnsTime: false)
    }

    /// The factor of a call that needs two factors (`what` names it in the error): the password or biometry.
    static func twoFactor(
        _ authentication: MobileTokenAuthentication, for what: String
    ) throws(MobileTokenError) -> SignatureType {
        switch authentication {
        case .password: return .possessionKnowledge
        case .biometry: return .possessionBiometry
        case .possession:
            throw MobileTokenError(.factorNotAllowed, "\(what) needs two factors: give the password or biometry")
        }
    }

    /// The factor of an approval: 1FA → possession; 2FA → the variant matching the authentication.
    public static func factor(
        for allowed: AllowedSignatureType, authentication: MobileTokenAuthentication
    ) throws(MobileTokenError) -> SignatureType {
        switch (allowed.type, authentication) {
        case (.oneFactor, _):
            return .possession
        case (.twoFactor, .password):
            guard allowed.variants.isEmpty || allowed.variants.contains(.possessionKnowledge) else {
                throw MobileTokenError(
                    .factorNotAllowed, "the operation does not accept the password (allowed: \(allowed.variantList))")
            }
            return .possessionKnowledge
        case (.twoFactor, .biometry):
            guard allowed.variants.contains(.possessionBiometry) else {
                throw MobileTokenError(
                    .factorNotAllowed, "the operation does not accept biometry (allowed: \(allowed.variantList))")
            }
            return .possessionBiometry
        case (.twoFactor, .possession):
            throw MobileTokenError(
                .factorNotAllowed, "the operation needs two factors: give the password or biometry")
        }
    }

    func clearListFetch() {
        listFetch = nil
    }

    private func fetchList() async throws(MobileTokenError) -> [UserOperation] {
        try await call(
            MobileTokenEndpoints.list, requestObject: EmptyRequest?.none, expecting: [UserOperation].self,
            authentication: .possession, learnsTime: true)
    }

    /// One call; one token-signed with `possession_universal` first makes sure the token exists and, when the server
    /// refuses it (`POWERAUTH_AUTH_FAIL`), is retried once with a replaced token (when a provisioner is configured).
    /// Other named tokens are the application's to create (`EnrollmentClient.createToken(_:named:)`): a missing one
    /// fails with `missingActivation`, a refused one with the server's error.
    private func call<Request: Encodable & Sendable, Response: Decodable & Sendable>(
        _ endpoint: Endpoint, requestObject: Request?, expecting: Response.Type,
        authentication: MobileTokenAuthentication,
        learnsTime: Bool
    ) async throws(MobileTokenError) -> Response {
        guard case .tokenSigned(let tokenName) = endpoint.kind, tokenName == MobileTokenEndpoints.tokenName,
            let provisioner = configuration.tokenProvisioner
        else {
            return try await callOnce(
                endpoint, requestObject: requestObject, expecting: expecting, authentication: authentication,
                learnsTime: learnsTime)
        }
        try await provisioner.ensureToken()
        do {
            return try await callOnce(
                endpoint, requestObject: requestObject, expecting: expecting, authentication: authentication,
                learnsTime: learnsTime)
        } catch  where error.code == .authenticationFailed {
            let replaced: Bool
            do {
                replaced = try await provisioner.replaceRefusedToken()
            } catch let failure {
                throw MobileTokenError(
                    error.code, "\(error.reason); no new token could be made: \(failure.reason)",
                    serverCode: error.serverCode, serverMessage: error.serverMessage, httpStatus: error.httpStatus)
            }
            guard replaced else { throw error }
            return try await callOnce(
                endpoint, requestObject: requestObject, expecting: expecting, authentication: authentication,
                learnsTime: learnsTime)
        }
    }

    private func callOnce<Request: Encodable & Sendable, Response: Decodable & Sendable>(
        _ endpoint: Endpoint, requestObject: Request?, expecting: Response.Type,
        authentication: MobileTokenAuthentication,
        learnsTime: Bool
    ) async throws(MobileTokenError) -> Response {
        if endpoint.encryption != nil {
            return try await encryptedCall(
                endpoint, requestObject: requestObject, expecting: expecting, authentication: authentication)
        }
        let body = try Self.json(RequestEnvelope(requestObject: requestObject), endpoint: endpoint)
        let request = HTTPExchange.Request(endpoint, body: .json(body), headers: try requestHeaders())
        let exchanged = try await gatedExchange(request, kind: endpoint.kind, authentication: authentication)
        let (payload, timestamp) = try ResponseEnvelope<Response>.read(exchanged.response, endpoint: endpoint.path)
        if learnsTime, let timestamp { learnTime(timestamp, started: exchanged.started, finished: exchanged.finished) }
        return payload
    }

    /// An endpoint with end-to-end encryption: the request object (`{}` when nil) is encrypted, the body sent
    /// (signed or token-signed as the kind says) and the answer decrypted to `Response`. In 3.3 a refused encryption
    /// (`ERR_ENCRYPTION`, e.g. an expired temporary key) is retried once with a fresh temporary key.
    private func encryptedCall<Request: Encodable & Sendable, Response: Decodable & Sendable>(
        _ endpoint: Endpoint, requestObject: Request?, expecting: Response.Type,
        authentication: MobileTokenAuthentication
    ) async throws(MobileTokenError) -> Response {
        guard let encryptor = configuration.encryptor else {
            throw MobileTokenError(
                .encryptionUnavailable,
                "\(endpoint.path) is encrypted but the client has no encryptor (MobileTokenConfiguration.encryptor)")
        }
        let plaintext =
            if let requestObject { try Self.json(requestObject, endpoint: endpoint) } else { Data("{}".utf8) }
        do {
            return try await encryptedCallOnce(
                endpoint, plaintext: plaintext, expecting: expecting, authentication: authentication,
                encryptor: encryptor)
        } catch  where error.serverCode == "ERR_ENCRYPTION" {
            guard await encryptor.encryptionRefused(endpoint) else { throw error }
            return try await encryptedCallOnce(
                endpoint, plaintext: plaintext, expecting: expecting, authentication: authentication,
                encryptor: encryptor)
        }
    }

    private func encryptedCallOnce<Response: Decodable & Sendable>(
        _ endpoint: Endpoint, plaintext: Data, expecting: Response.Type, authentication: MobileTokenAuthentication,
        encryptor: PowerAuthEncryptor
    ) async throws(MobileTokenError) -> Response {
        let prepared = try await encryptor.prepare(plaintext, for: endpoint)
        var headers = try requestHeaders()
        if let header = prepared.header { headers[fields: header.name] = [header] }
        let request = HTTPExchange.Request(endpoint, body: .json(prepared.body), headers: headers)
        let exchanged = try await gatedExchange(
            request, kind: endpoint.kind, authentication: authentication, deviceMillis: encryptor.deviceMillis)
        let response = exchanged.response
        // Errors are never encrypted (spec §6): an error envelope, or a non-200 answer, is read as such.
        if response.statusCode != 200 || Self.isErrorEnvelope(response.body) {
            _ = try ResponseEnvelope<EmptyPayload>.read(response, endpoint: endpoint.path)
            throw MobileTokenError(
                .statusCode, "\(endpoint.path) answered HTTP \(response.statusCode) without an error envelope",
                httpStatus: response.statusCode)
        }
        let answer = try encryptor.open(
            prepared, response: response, endpoint: endpoint.path, sentMillis: exchanged.sentMillis,
            receivedMillis: exchanged.receivedMillis)
        http.responseObserver?.observeDecrypted(
            DecryptedExchange(
                endpoint: endpoint, requestPlaintext: plaintext, response: response, responsePlaintext: answer))
        do {
            return try JSONDuplicateKeys.decode(Response.self, from: answer)
        } catch {
            let detail = (error as? DecodingError)?.summary ?? "not JSON"
            throw MobileTokenError(
                .invalidResponse, "\(endpoint.path) answered an unexpected decrypted body: \(detail)",
                httpStatus: response.statusCode)
        }
    }

    /// Whether a body is a `{"status":"ERROR", …}` envelope.
    private static func isErrorEnvelope(_ body: Data) -> Bool {
        struct Probe: Decodable { let status: String }
        return (try? JSONDecoder().decode(Probe.self, from: body))?.status == "ERROR"
    }

    /// Compact JSON with sorted keys.
    private static func json(_ value: some Encodable, endpoint: Endpoint) throws(MobileTokenError) -> Data {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return try encoder.encode(value)
        } catch {
            throw MobileTokenError(.invalidRequest, "cannot encode the request of \(endpoint.path)")
        }
    }

    /// `Accept`, and `Accept-Language` when configured (a language with a line break is refused).
    private nonisolated func requestHeaders() throws(MobileTokenError) -> HTTPFields {
        var headers: HTTPFields = [.accept: "application/json"]
        if let language = configuration.language {
            do {
                headers[fields: .acceptLanguage] = [try HTTPField.validated(name: "Accept-Language", value: language)]
            } catch {
                throw MobileTokenError(error)
            }
        }
        return headers
    }

    /// An answer with the device times around it: `Date`s of the configuration's clock and milliseconds of the
    /// clock given to `gatedExchange`.
    private struct Exchanged: Sendable {
        let response: HTTPExchange.Response
        let started: Date
        let finished: Date
        let sentMillis: Int64
        let receivedMillis: Int64
    }

    /// Sends one request, one at a time with the other signed requests when the configuration serialises its kind.
    private func gatedExchange(
        _ request: HTTPExchange.Request, kind: Endpoint.Kind, authentication: MobileTokenAuthentication,
        deviceMillis: (@Sendable () -> Int64)? = nil
    ) async throws(MobileTokenError) -> Exchanged {
        let serial: Bool
        switch (configuration.serialization, kind) {
        case (.serialAll, _), (.serialSigned, .signed): serial = true
        default: serial = false
        }
        if serial { await signedGate.acquire() }
        let result: Result<Exchanged, MobileTokenError>
        do {
            result = .success(try await exchange(request, authentication: authentication, deviceMillis: deviceMillis))
        } catch {
            result = .failure(error)
        }
        if serial { await signedGate.release() }
        return try result.get()
    }

    /// Sends one request signed with the call's authentication; a typed signer failure wins over the generic one.
    private nonisolated func exchange(
        _ request: HTTPExchange.Request, authentication: MobileTokenAuthentication,
        deviceMillis: (@Sendable () -> Int64)?
    ) async throws(MobileTokenError) -> Exchanged {
        let started = configuration.now()
        let sent = deviceMillis?() ?? Self.millis(started)
        switch await SignedExchange.send(request, over: http, authentication: authentication) {
        case .success(let response):
            let finished = configuration.now()
            return Exchanged(
                response: response, started: started, finished: finished, sentMillis: sent,
                receivedMillis: deviceMillis?() ?? Self.millis(finished))
        case .failure(.signer(let failure)): throw failure
        case .failure(.transport(let error)): throw MobileTokenError(error)
        }
    }

    private static func millis(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// Server time = `currentTimestamp` + half the request; changes under 0.3 s are ignored (spec §6.8).
    private func learnTime(_ timestamp: Date, started: Date, finished: Date) {
        let duration = max(0, finished.timeIntervalSince(started))
        let offset = timestamp.addingTimeInterval(duration / 2).timeIntervalSince(finished)
        if let current = serverTimeOffset, abs(current - offset) < 0.3 { return }
        serverTimeOffset = offset
    }
}
