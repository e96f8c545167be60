package import Foundation
import HTTPTypes
import Hummingbird
import MobileTokenAPI
import PowerAuth
import QRAuthCrypto

/// The enrollment server's `/pa/v4` API (protocol 4.0, spec powerauth-v4.md §11–§14) beside `/pa/v3`, and the 4.0
/// headers on the Mobile Token API. The cryptography is `PowerAuth`'s server halves (`ServerFlowsV4.swift`); this
/// file reads requests, finds the activation and keeps the state. Errors are the RESTful integration's, as for
/// `/pa/v3`.
extension DevServer {
    /// The paths of the `/pa/v4` endpoints served.
    enum PowerAuthV4Paths {
        static let prefix = "/pa/v4"
        static let status = prefix + "/status"
        static let keystoreCreate = prefix + "/keystore/create"
        static let activationCreate = prefix + "/activation/create"
        static let activationStatus = prefix + "/activation/status"
        static let activationConfirm = prefix + "/activation/confirm"
        static let tokenCreate = prefix + "/token/create"
        /// The uriId of `activationConfirm` (spec §13.5).
        static let confirmURIId = "/pa/activation/confirm"
        /// The uriId of `tokenCreate` (spec §14.4).
        static let tokenCreateURIId = "/pa/token/create"
    }

    /// Registers the `/pa/v4` routes on `group`.
    static func addEnrollmentV4Routes(_ group: RouterGroup<DevServerContext>, _ server: DevServer) {
        let routes: [(String, @Sendable (DevServer, ServerRequest) throws(APIFailure) -> ServerResponse)] = [
            (PowerAuthV4Paths.status, { server, request throws(APIFailure) in try server.serverStatusV4(request) }),
            (
                PowerAuthV4Paths.keystoreCreate,
                { server, request throws(APIFailure) in try server.createTemporaryKeyV4(request) }
            ),
            (
                PowerAuthV4Paths.activationCreate,
                { server, request throws(APIFailure) in try server.createActivationV4(request) }
            ),
            (
                PowerAuthV4Paths.activationStatus,
                { server, request throws(APIFailure) in try server.activationStatusV4(request) }
            ),
            (
                PowerAuthV4Paths.activationConfirm,
                { server, request throws(APIFailure) in try server.confirmActivationV4(request) }
            ),
            (PowerAuthV4Paths.tokenCreate, { server, request throws(APIFailure) in try server.createTokenV4(request) }),
        ]
        for (path, handler) in routes {
            group.on(RouterPath(path), method: .post) { request, context -> Response in
                let view = DevServerRoutes.serverRequest(request, context, listener: .main)
                do throws(APIFailure) {
                    return DevServerRoutes.convert(try handler(server, view))
                } catch {
                    return DevServerRoutes.convert(server.failure(error, for: view))
                }
            }
        }
    }

    // MARK: /pa/v4/status, /pa/v4/keystore/create

    /// `/pa/v4/status`: server time and the suites offered, strongest first.
    func serverStatusV4(_ request: ServerRequest) throws(APIFailure) -> ServerResponse {
        let body = try v4Body(request, as: PowerAuthV4.Wire.RequestObject<PowerAuthV4.Wire.ServerStatusRequest>.self)
        _ = try applicationVersion(body.requestObject.applicationKey, request, failure: PowerAuthRESTError.activation)
        return try v4Answer(
            PowerAuthV4.Wire.ResponseObject(
                PowerAuthV4.Wire.ServerStatus(
                    serverTime: clock.nowMillis, supportedAlgorithms: ServerFlowsV4.supportedSuites.map(\.rawValue))))
    }

    /// `/pa/v4/keystore/create`: an HS384 request JWT in, an ES384 response JWT out (application scope: the P-384
    /// master key; activation scope: the activation's server key).
    func createTemporaryKeyV4(_ request: ServerRequest) throws(APIFailure) -> ServerResponse {
        let failure = PowerAuthRESTError.temporaryKey
        let jwt = try v4Body(request, as: PowerAuthV4.Wire.RequestObject<PowerAuthV4.Wire.JWTObject>.self)
            .requestObject.jwt
        do {
            let claims = try ServerTemporaryKeysV4.claims(of: jwt)
            let (application, version) = try applicationVersion(claims.applicationKey, request, failure: failure)
            let jwtKey: Data
            let signingKey: NISTP384.PrivateKey
            if let activationId = claims.activationId {
                guard let activation = store.activation(id: activationId), let v4 = activation.v4,
                    activation.applicationKey == claims.applicationKey
                else { throw refuse(failure, request, "unknown 4.0 activation") }
                jwtKey = try v4.keys().activationTemporaryKey
                signingKey = try v4.signingKey()
            } else {
                jwtKey = try PowerAuthV4.ActivationKeys.applicationTemporaryKey(
                    applicationSecret: Data(base64Encoded: version.applicationSecret) ?? Data())
                signingKey = try masterKeyP384(application.applicationId)
            }
            let response = try temporaryKeysV4.issue(
                for: jwt, jwtKey: jwtKey, signingKey: signingKey, nowMillis: clock.nowMillis)
            return try v4Answer(PowerAuthV4.Wire.ResponseObject(PowerAuthV4.Wire.JWTObject(jwt: response)))
        } catch let error as APIFailure {
            throw error
        } catch let error as PowerAuthError {
            throw refuse(failure, request, error.reason)
        } catch {
            throw refuse(failure, request, "\(error)")
        }
    }

    /// The application's P-384 master public key (uncompressed point) for a 4.0 device's configuration; nil for an
    /// unknown application.
    package func masterPublicKeyP384(_ applicationId: String) -> Data? {
        try? masterKeyP384(applicationId).publicKey.x963Representation
    }

    /// The application's P-384 master key, made (and stored) the first time a 4.0 client needs it.
    func masterKeyP384(_ applicationId: String) throws(APIFailure) -> NISTP384.PrivateKey {
        try store.transaction { (state, changed) throws(APIFailure) -> NISTP384.PrivateKey in
            guard let index = state.applications.firstIndex(where: { $0.applicationId == applicationId }) else {
                throw APIFailure(.generic, "unknown application")
            }
            do throws(PowerAuthError) {
                if let key = try state.applications[index].masterSigningKeyP384() { return key }
            } catch {
                throw APIFailure(.generic, error.reason)
            }
            let key = NISTP384.PrivateKey()
            state.applications[index].masterPrivateKeyP384 = key.rawRepresentation
            changed = true
            return key
        }
    }

    // MARK: /pa/v4/activation/*

    /// `/pa/v4/activation/create`: both layers opened with the application-scope temporary key, the CREATED
    /// activation of the code prepared as a 4.0 activation, both layers answered.
    func createActivationV4(_ request: ServerRequest) throws(APIFailure) -> ServerResponse {
        let header = try encryptionHeaderV4(request, activationScope: false)
        let (application, version) = try applicationVersion(
            header.applicationKey, request, failure: PowerAuthRESTError.encryption)
        let flow = ServerActivationFlowV4(
            applicationKey: version.applicationKey, applicationSecret: version.applicationSecret)
        let now = clock.nowMillis
        let opened: ServerActivationFlowV4.Opened
        do {
            opened = try flow.open(request.body, temporaryKeys: temporaryKeysV4, nowMillis: now)
        } catch {
            throw refuse(PowerAuthRESTError.encryption, request, error.reason)
        }
        let failure = PowerAuthRESTError.activation
        return try store.transaction { (state, changed) throws(APIFailure) -> ServerResponse in
            guard
                let index = state.activations.firstIndex(where: {
                    $0.registration?.activationCode == opened.code
                        && $0.registration?.applicationId == application.applicationId && $0.counters.status == .created
                })
            else { throw refuse(failure, request, "no activation waits for this activation code") }
            var activation = state.activations[index]
            let body: Data
            do throws(PowerAuthError) {
                body = try flow.answer(opened, activation: &activation, nowMillis: now)
            } catch {
                // A wrong OTP counts a failed attempt (and may remove the activation): keep that.
                if activation != state.activations[index], activation.v4 == nil {
                    state.activations[index] = activation
                    changed = true
                }
                throw refuse(failure, request, error.reason)
            }
            state.activations[index] = activation
            changed = true
            return .json(body)
        }
    }

    /// `/pa/v4/activation/status`: the encrypted 80-byte blob (activation scope).
    func activationStatusV4(_ request: ServerRequest) throws(APIFailure) -> ServerResponse {
        let header = try encryptionHeaderV4(request, activationScope: true)
        let failure = PowerAuthRESTError.activation
        guard let activation = store.activation(id: header.activationId ?? ""), activation.v4 != nil,
            activation.applicationKey == header.applicationKey
        else { throw refuse(failure, request, "unknown 4.0 activation") }
        do {
            return .json(
                try service(activation).status(
                    request.body, activation: activation, temporaryKeys: temporaryKeysV4, nowMillis: clock.nowMillis))
        } catch {
            throw refuse(failure, request, error.reason)
        }
    }

    /// `/pa/v4/activation/confirm`: signed `possession_knowledge` or `possession_biometry`; clears the pending flag.
    func confirmActivationV4(_ request: ServerRequest) throws(APIFailure) -> ServerResponse {
        try signedV4(
            request, uriId: PowerAuthV4Paths.confirmURIId, allowed: [.possessionKnowledge, .possessionBiometry],
            confirm: true
        ) { (activation, service) throws(PowerAuthError) in
            try service.confirm(request.body, activation: &activation)
            return try PowerAuthV4.Wire.encode(["status": "OK"])
        }
    }

    /// `/pa/v4/token/create`: signed over the encrypted body; answers the encrypted token.
    func createTokenV4(_ request: ServerRequest) throws(APIFailure) -> ServerResponse {
        let now = clock.nowMillis
        return try signedV4(
            request, uriId: PowerAuthV4Paths.tokenCreateURIId,
            allowed: Set(PowerAuthV4.AuthenticationCode.CodeType.allCases)
        ) { (activation, service) throws(PowerAuthError) in
            try service.createToken(
                request.body, activation: &activation, temporaryKeys: temporaryKeysV4, nowMillis: now)
        }
    }

    // MARK: Mobile Token API with 4.0 headers

    /// `X-PowerAuth-Token` of 4.0: the digest against the activation's 4.0 tokens, the time window and the nonce
    /// store of 3.x. Returns the activation id.
    func authenticateTokenV4(_ request: ServerRequest) throws(APIFailure) -> String {
        let now = clock.nowMillis
        let header: PowerAuthV4.TokenHeader
        do {
            header = try PowerAuthV4.TokenHeader(parsing: request.header(PowerAuthV4.TokenHeader.name) ?? "")
        } catch {
            throw APIFailure(.powerAuthFailed, error.reason)
        }
        guard
            let activation = store.snapshot.activations.first(where: { $0.v4?.tokens[header.tokenId] != nil }),
            let secret = activation.v4?.tokens[header.tokenId]
        else { throw APIFailure(.powerAuthFailed, "unknown token_id") }
        guard activation.counters.status == .active else {
            throw APIFailure(.powerAuthFailed, "the activation is \(activation.counters.status.rawValue)")
        }
        let verdict: TokenDigest.Verdict
        do {
            verdict = try ServerActivationServiceV4.checkToken(
                header, secret: secret, nowMillis: now,
                window: ServerTokenAuthentication(
                    pastValidityMillis: Self.tokenPastValidityMillis,
                    futureValidityMillis: Self.tokenFutureValidityMillis))
        } catch {
            throw APIFailure(.powerAuthFailed, error.reason)
        }
        guard verdict == .valid else { throw APIFailure(.powerAuthFailed, "the 4.0 token is \(verdict.rawValue)") }
        guard
            store.recordNonce(
                tokenId: header.tokenId, nonce: header.nonce, timestampMillis: Int64(header.timestamp) ?? now,
                horizonMillis: now - Self.tokenPastValidityMillis)
        else { throw APIFailure(.powerAuthFailed, "the token nonce was used before (replay)") }
        return activation.activationId
    }

    /// A 3.x-shaped view of a 4.0 `X-PowerAuth-Authorization` (activation id, type; no code), for the callers that
    /// read the header before `authenticateSignature` checks it.
    func authorizationHeaderV4(_ request: ServerRequest) throws(APIFailure) -> AuthorizationHeader {
        let header: PowerAuthV4.AuthorizationHeader
        do throws(APIFailure) {
            header = try parsedAuthorizationV4(request)
        } catch {
            throw Self.mobileTokenFailure(error)
        }
        return AuthorizationHeader(
            version: .v33, activationId: header.activationId, applicationKey: header.applicationKey,
            nonce: header.nonce, signatureType: Self.signatureType(header.codeType), signature: "")
    }

    /// `X-PowerAuth-Authorization` of 4.0 on a Mobile Token API call: a 4.0 activation, an allowed type, the
    /// look-ahead check (counters and failed attempts persisted whatever the outcome).
    func authenticateSignatureV4(
        _ request: ServerRequest, uriId: String, allowed: Set<SignatureType>
    ) throws(APIFailure) -> SignedCaller {
        let codeTypes = Set(
            PowerAuthV4.AuthenticationCode.CodeType.allCases.filter { allowed.contains(Self.signatureType($0)) })
        var type = SignatureType.possession
        do throws(APIFailure) {
            let id = try signedActivation(request, uriId: uriId, allowed: codeTypes, confirm: false) { header, _ in
                type = Self.signatureType(header.codeType)
            }
            return SignedCaller(activationId: id, signatureType: type)
        } catch {
            throw Self.mobileTokenFailure(error)
        }
    }

    /// A `/pa/v4`-style refusal as the Mobile Token API answers refusals (`POWERAUTH_AUTH_FAIL`, 401); the reason
    /// was logged where it was made.
    private static func mobileTokenFailure(_ failure: APIFailure) -> APIFailure {
        APIFailure(.powerAuthFailed, failure.message)
    }

    // MARK: helpers

    private static func signatureType(_ type: PowerAuthV4.AuthenticationCode.CodeType) -> SignatureType {
        switch type {
        case .possession: .possession
        case .possessionKnowledge: .possessionKnowledge
        case .possessionBiometry: .possessionBiometry
        }
    }

    private func service(_ activation: ServerActivation) -> ServerActivationServiceV4 {
        ServerActivationServiceV4(
            applicationKey: activation.applicationKey, applicationSecret: activation.applicationSecret)
    }

    private func parsedAuthorizationV4(_ request: ServerRequest) throws(APIFailure) -> PowerAuthV4.AuthorizationHeader {
        guard let value = request.header(PowerAuthV4.AuthorizationHeader.name) else {
            throw refuse(PowerAuthRESTError.headerMissing, request, "no \(PowerAuthV4.AuthorizationHeader.name) header")
        }
        do {
            return try PowerAuthV4.AuthorizationHeader(parsing: value)
        } catch {
            throw refuse(PowerAuthRESTError.signature, request, error.reason)
        }
    }

    /// Checks the 4.0 authorization of `request` in one store transaction, calls `body` with the verified header,
    /// and returns the activation id.
    private func signedActivation(
        _ request: ServerRequest, uriId: String, allowed: Set<PowerAuthV4.AuthenticationCode.CodeType>, confirm: Bool,
        _ body: (PowerAuthV4.AuthorizationHeader, inout ServerActivation) throws(PowerAuthError) -> Void
    ) throws(APIFailure) -> String {
        let header = try parsedAuthorizationV4(request)
        let now = clock.nowMillis
        return try store.transaction { (state, changed) throws(APIFailure) -> String in
            guard let index = state.activations.firstIndex(where: { $0.activationId == header.activationId }),
                state.activations[index].v4 != nil
            else { throw refuse(PowerAuthRESTError.signature, request, "unknown 4.0 activation") }
            var activation = state.activations[index]
            let verdict: ServerActivation.V4Verdict
            do throws(PowerAuthError) {
                verdict = try activation.verifyV4(
                    header, method: request.method, uriId: uriId, body: request.body, allowed: allowed,
                    confirm: confirm, nowMillis: now)
            } catch {
                throw refuse(
                    error.code == .factorNotAllowed ? PowerAuthRESTError.signatureType : PowerAuthRESTError.signature,
                    request, error.reason)
            }
            if activation != state.activations[index] {
                state.activations[index] = activation
                changed = true
            }
            guard case .valid = verdict else {
                throw refuse(PowerAuthRESTError.signature, request, "the 4.0 authentication code does not verify")
            }
            do throws(PowerAuthError) {
                try body(header, &activation)
            } catch {
                throw refuse(PowerAuthRESTError.activation, request, error.reason)
            }
            state.activations[index] = activation
            changed = true
            return activation.activationId
        }
    }

    /// A signed `/pa/v4` endpoint whose answer `body` makes from the verified activation.
    private func signedV4(
        _ request: ServerRequest, uriId: String, allowed: Set<PowerAuthV4.AuthenticationCode.CodeType>,
        confirm: Bool = false,
        _ body: (inout ServerActivation, ServerActivationServiceV4) throws(PowerAuthError) -> Data
    ) throws(APIFailure) -> ServerResponse {
        var answer = Data()
        _ = try signedActivation(request, uriId: uriId, allowed: allowed, confirm: confirm) {
            (_, activation) throws(PowerAuthError) in
            answer = try body(&activation, service(activation))
        }
        return .json(answer)
    }

    private func encryptionHeaderV4(
        _ request: ServerRequest, activationScope: Bool
    ) throws(APIFailure) -> PowerAuthV4.EncryptionHeader {
        guard let value = request.header(PowerAuthV4.EncryptionHeader.name) else {
            throw refuse(PowerAuthRESTError.encryption, request, "no \(PowerAuthV4.EncryptionHeader.name) header")
        }
        do throws(PowerAuthError) {
            let header = try PowerAuthV4.EncryptionHeader(parsing: value)
            guard (header.activationId != nil) == activationScope else {
                throw PowerAuthError(
                    .header, activationScope ? "activation_id is missing" : "activation_id is not expected")
            }
            return header
        } catch {
            throw refuse(PowerAuthRESTError.encryption, request, error.reason)
        }
    }

    private func v4Body<T: Decodable>(_ request: ServerRequest, as type: T.Type) throws(APIFailure) -> T {
        do {
            return try PowerAuthV4.Wire.decode(T.self, from: request.body, what: "the request body")
        } catch {
            throw refuse(
                APIFailure(.invalidRequest, "the request body is not the expected JSON"), request, error.reason)
        }
    }

    private func v4Answer(_ value: some Encodable) throws(APIFailure) -> ServerResponse {
        do {
            return .json(try PowerAuthV4.Wire.encode(value))
        } catch {
            throw APIFailure(.generic, "the response could not be encoded")
        }
    }
}
