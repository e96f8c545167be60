import FoundationEssentials
import Hummingbird
import Logging
import MobileTokenAPI
import OfflineOperations
import PowerAuth
import QRAuthCrypto
import QRAuthEncoding

/// The enrollment server's standard RESTful API (`/pa/v3/*`, spec §2–§4) with real ECIES: activation via
/// activation code, encrypted status, signed remove, MAC tokens, 3.3 temporary keys, and the encrypted echo.
/// Errors are the RESTful integration's (spec §6): never encrypted, `{"status":"ERROR","responseObject":
/// {"code","message"}}` with the code and message constants the real server sends; the detail goes to the log
/// (without keys, secrets or OTPs).
struct EnrollmentService: Sendable {
    let store: DevServerStore
    let clock: EmulatorClock
    let logger: Logger
    let authentication: RequestAuthentication
    let activations: ActivationService
    /// The 3.3 temporary encryption keys issued by `/pa/v3/keystore/create`.
    let temporaryKeys = ServerTemporaryKeys()
    /// The 4.0 temporary keys issued by `/pa/v4/keystore/create` (`EnrollmentService+PowerAuthV4.swift`).
    let temporaryKeysV4 = ServerTemporaryKeysV4()
    /// ECIES replay protection of `/pa/v3` (3.2+: `[now − 60 s, now]`, each request once).
    let replayGuard = ECIES.ReplayGuard(policy: .server2)

    /// Registers `/pa/v3`, `/pa/v4` and the encrypted echo.
    func addRoutes(to group: RouterGroup<DevServerContext>) {
        let paths = EndpointPaths.PowerAuth.v3
        group.post(RouterPath(paths.keystoreCreate)) { try await createTemporaryKey($0, $1) }
        group.post(RouterPath(paths.activationCreate)) { try await createActivation($0, $1) }
        group.post(RouterPath(paths.activationStatus)) { try await activationStatusBlob($0, $1) }
        group.post(RouterPath(paths.activationRemove)) { try await removeActivationSigned($0, $1) }
        group.post(RouterPath(paths.tokenCreate)) { try await createToken($0, $1) }
        group.post(RouterPath(paths.tokenRemove)) { try await removeToken($0, $1) }
        group.post(RouterPath(EndpointPaths.PowerAuth.echoApplication)) { try await encryptedEchoApplication($0, $1) }
        group.post(RouterPath(EndpointPaths.PowerAuth.echoActivation)) { try await encryptedEchoActivation($0, $1) }
        addV4Routes(to: group)
    }
}

extension EnrollmentService {
    /// The error answers of spec §6.
    enum PowerAuthRESTError {
        static let encryption = APIFailure(wireCode: "ERR_ENCRYPTION", status: 400, "POWER_AUTH_ENCRYPTION_FAILED")
        static let temporaryKey = APIFailure(
            wireCode: "ERR_TEMPORARY_KEY", status: 400, "POWER_AUTH_TEMPORARY_KEY_FAILURE")
        static let activation = APIFailure(wireCode: "ERR_ACTIVATION", status: 400, "POWER_AUTH_ACTIVATION_INVALID")
        static let signature = APIFailure(wireCode: "ERR_AUTHENTICATION", status: 401, "POWER_AUTH_SIGNATURE_INVALID")
        static let signatureType = APIFailure(
            wireCode: "ERR_AUTHENTICATION", status: 401, "POWER_AUTH_SIGNATURE_TYPE_INVALID")
        static let headerMissing = APIFailure(
            wireCode: "ERR_AUTHENTICATION", status: 401, "POWER_AUTH_HTTP_HEADER_MISSING")
        static let token = APIFailure(wireCode: "ERR_AUTHENTICATION", status: 401, "POWER_AUTH_TOKEN_ERROR")
    }

    /// Logs why a `/pa/v3` call is refused and returns the failure to answer with. The reason never holds key
    /// material or OTPs; ids in it come from the request, so control and format characters are shown as `?`.
    func refuse(_ failure: APIFailure, _ request: Request, _ detail: String) -> APIFailure {
        logger.info(
            "PowerAuth request refused",
            metadata: [
                "path": "\(DevServer.loggable(request.uri.path))", "code": "\(failure.codeText)",
                "reason": "\(DevServer.loggable(detail))",
            ])
        return failure
    }

    // MARK: activation/create

    /// `POST /pa/v3/activation/create` with `ServerActivationFlow`: layer 1 (application scope) carries the code
    /// and layer 2, which carries the device key; the CREATED activation with that code takes the key
    /// (PENDING_COMMIT, or ACTIVE with ON_KEY_EXCHANGE) and the answer carries the server key and `CTR_DATA`,
    /// encrypted in both layers. Envelope and layer-1 failures: `ERR_ENCRYPTION`; anything after (layer 2, code,
    /// OTP, state): `ERR_ACTIVATION`.
    func createActivation(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response {
        let encryption = PowerAuthRESTError.encryption
        let header = try encryptionHeader(request, scope: .application)
        let (application, version) = try applicationVersion(header.applicationKey, request, failure: encryption)
        let flow = ServerActivationFlow(
            version: header.version, applicationKey: version.applicationKey,
            applicationSecret: version.applicationSecret)
        let now = clock.nowMillis
        let masterKey = { () throws(PowerAuthError) in try application.masterSigningKey() }
        let outer = try await openBody(
            request, context, with: flow.layer1, fallbackKey: masterKey, failure: encryption)
        let failure = PowerAuthRESTError.activation
        let layer1: ActivationLayer1Request
        do {
            layer1 = try flow.request(outer)
        } catch {
            throw refuse(failure, request, error.reason)
        }
        let inner = try await open(
            layer1.activationData, with: flow.layer2, request, fallbackKey: masterKey, failure: failure)
        let activation: ServerActivation
        do {
            let device = try flow.registration(inner)
            activation = try activations.prepareActivation(
                code: layer1.identityAttributes["code"] ?? "", applicationKey: version.applicationKey, device: device)
        } catch let error as PowerAuthError {
            throw refuse(failure, request, error.reason)
        } catch let error as ActivationLifecycleError {
            throw refuse(failure, request, "\(error.code.rawValue): \(error.reason)")
        } catch {
            throw refuse(failure, request, "\(error)")
        }
        guard activation.counters.ctrData != nil else {
            throw refuse(failure, request, "the activation has no counter data")
        }
        do {
            return Envelope.json(
                try flow.answer(activation, request: layer1, layer1: outer, layer2: inner, timestampMillis: now))
        } catch {
            throw refuse(APIFailure(.generic, "the response could not be encrypted"), request, "\(error)")
        }
    }

    // MARK: activation/status

    /// The upgrade version a 3.x activation's status blob reports: 4 while serve offers a 4.0 suite (every
    /// application: serve has no per-application suite list), so devices offer the upgrade (spec powerauth-v4.md §15).
    static var upgradeGeneration: UInt8 { ServerFlowsV4.supportedSuites.isEmpty ? 3 : 4 }

    /// `POST /pa/v3/activation/status`: the encrypted status blob of `ServerStatusFlow`; unknown and CREATED
    /// activations get 32 random bytes (and a random nonce), as the real server sends. The upgrade byte offers 4.0.
    func activationStatusBlob(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response {
        let failure = PowerAuthRESTError.activation
        let body = try await requestObject(request, context, as: ActivationStatusRequest.self, failure: failure)
        guard !body.activationId.isEmpty else { throw refuse(failure, request, "activationId is empty") }
        var challenge: Data?
        if let text = body.challenge {
            guard let bytes = Data(base64Encoded: text), bytes.count == 16 else {
                throw refuse(failure, request, "challenge must be Base64 of 16 bytes")
            }
            challenge = bytes
        }
        let activation: ServerActivation?
        do {
            activation = try activations.activationStatus(body.activationId)
        } catch {
            throw refuse(APIFailure(.generic, "the state could not be stored"), request, error.reason)
        }
        let answer: (blob: Data, nonce: Data?)
        do {
            answer = try ServerStatusFlow(upgradeGeneration: Self.upgradeGeneration).answer(
                activation, challenge: challenge)
        } catch {
            throw refuse(APIFailure(.generic, "the status blob could not be made"), request, "\(error)")
        }
        return Envelope.ok(
            ActivationStatusResponse(
                activationId: body.activationId, encryptedStatusBlob: answer.blob.base64EncodedString(),
                nonce: answer.nonce?.base64EncodedString()))
    }

    // MARK: activation/remove

    /// `POST /pa/v3/activation/remove`: signed (uriId `/pa/activation/remove`, 2FA or 3FA only); REMOVED.
    func removeActivationSigned(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response {
        let caller = try signedCaller(
            request, context,
            ServerSignatureAuthentication(
                uriId: EndpointPaths.PowerAuth.activationRemoveURIId,
                allowed: ServerSignatureAuthentication.twoOrMoreFactors))
        do {
            _ = try activations.removeActivation(caller.activationId)
        } catch {
            throw refuse(PowerAuthRESTError.activation, request, error.reason)
        }
        return Envelope.ok(ActivationRemoveResponse(activationId: caller.activationId))
    }

    // MARK: tokens

    /// `POST /pa/v3/token/create` with `ServerTokenFlow`: signed over the encrypted body (uriId `/pa/token/create`),
    /// ECIES activation scope `CREATE_TOKEN` with the version of `pa_version`; a new token is stored for the Mobile
    /// Token API and its id and secret are answered encrypted. Every failure is 401 `POWER_AUTH_TOKEN_ERROR`.
    func createToken(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response {
        let failure = PowerAuthRESTError.token
        let signature = ServerSignatureAuthentication.tokenCreate
        let header: AuthorizationHeader
        let caller: SignedCaller
        do {
            header = try authentication.authorizationHeader(request)
            caller = try authentication.authenticateSignature(
                request, body: context.body, header: header, uriId: signature.uriId, allowed: signature.allowed)
        } catch {
            throw refuse(failure, request, error.message)
        }
        guard let activation = store.activation(id: caller.activationId) else {
            throw refuse(failure, request, "unknown activation")
        }
        let flow = ServerTokenFlow(version: header.version)
        let encryption: ServerEncryptionFlow
        do {
            encryption = try flow.encryption(for: activation)
        } catch {
            throw refuse(failure, request, "the activation's keys are unusable")
        }
        let opened = try await openBody(
            request, context, with: encryption,
            fallbackKey: { () throws(PowerAuthError) in try activation.serverSigningKey() }, failure: failure)
        let token = ServerTokenFlow.newToken()
        do throws(APIFailure) {
            try store.transaction { (state, _) throws(APIFailure) in
                guard let index = state.activations.firstIndex(where: { $0.activationId == caller.activationId })
                else { throw APIFailure(.powerAuthFailed, "the activation is not ACTIVE") }
                do throws(PowerAuthError) {
                    try ServerTokenFlow.add(
                        token, to: &state.activations[index], limit: store.limits.tokensPerActivation)
                } catch {
                    throw APIFailure(.powerAuthFailed, error.reason)
                }
            }
        } catch {
            throw refuse(failure, request, error.message)
        }
        store.registerToken(token.id, activationId: caller.activationId)
        do {
            return Envelope.json(try flow.answer(token, request: opened, timestampMillis: clock.nowMillis))
        } catch {
            throw refuse(failure, request, "the response could not be encrypted")
        }
    }

    /// `POST /pa/v3/token/remove`: signed (uriId `/pa/token/remove`); removes the token quietly (also when it
    /// does not exist). Every failure is 401 `POWER_AUTH_TOKEN_ERROR`.
    func removeToken(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response {
        let failure = PowerAuthRESTError.token
        let caller: SignedCaller
        let body: TokenRemoveRequest
        do {
            let header = try authentication.authorizationHeader(request)
            let signature = ServerSignatureAuthentication(
                uriId: EndpointPaths.PowerAuth.tokenRemoveURIId,
                allowed: ServerSignatureAuthentication.anyPossessionFactor)
            caller = try authentication.authenticateSignature(
                request, body: context.body, header: header, uriId: signature.uriId, allowed: signature.allowed)
            body = try await context.requestObject(request, as: TokenRemoveRequest.self)
            try store.transaction { (state, changed) throws(APIFailure) in
                guard let index = state.activations.firstIndex(where: { $0.activationId == caller.activationId })
                else { return }
                changed = ServerTokenFlow.remove(body.tokenId, from: &state.activations[index])
            }
        } catch {
            throw refuse(failure, request, error.message)
        }
        return Envelope.ok(TokenRemoveResponse(tokenId: body.tokenId))
    }

    // MARK: encrypted echo

    /// `POST /custom/echo/application`: an application-scope ECIES request (`/pa/generic/application`) answered
    /// with its own plaintext, encrypted. The version and application key come from `X-PowerAuth-Encryption`, or
    /// from `X-PowerAuth-Authorization` when the request is signed (uriId `/custom/echo/application`, any
    /// possession factor; spec §1.8). An `X-PowerAuth-Token` beside the encryption header is verified too.
    func encryptedEchoApplication(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response
    {
        let failure = PowerAuthRESTError.encryption
        let applicationKey: String
        let protocolVersion: ProtocolVersion
        var signatureType: SignatureType?
        switch try echoCaller(request, context, uriId: EndpointPaths.PowerAuth.echoApplication, scope: .application) {
        case .signed(let caller):
            guard let activation = store.activation(id: caller.activationId) else {
                throw refuse(failure, request, "unknown activation")
            }
            applicationKey = activation.applicationKey
            protocolVersion = caller.version
            signatureType = caller.signatureType
        case .encrypted(let header, let tokenActivationId):
            if let tokenActivationId, store.activation(id: tokenActivationId)?.applicationKey != header.applicationKey {
                throw refuse(PowerAuthRESTError.token, request, "the token belongs to another application")
            }
            applicationKey = header.applicationKey
            protocolVersion = header.version
        }
        let (application, version) = try applicationVersion(applicationKey, request, failure: failure)
        let opened = try await openBody(
            request, context,
            with: ServerEncryptionFlow(
                version: protocolVersion, encryptorId: .applicationScopeGeneric,
                applicationKey: version.applicationKey, applicationSecret: version.applicationSecret),
            fallbackKey: { () throws(PowerAuthError) in try application.masterSigningKey() }, failure: failure)
        return try echoResponse(opened, request, signatureType: signatureType)
    }

    /// Who sent an encrypted echo.
    private enum EchoCaller {
        /// Signed with `X-PowerAuth-Authorization` (any possession factor), verified.
        case signed((activationId: String, version: ProtocolVersion, signatureType: SignatureType))
        /// With `X-PowerAuth-Encryption` of the echo's scope, and the activation of its verified `X-PowerAuth-Token`
        /// when one was sent.
        case encrypted(EncryptionHeader, tokenActivationId: String?)
    }

    /// The caller of an encrypted echo: its signature verified (uriId `uriId`), or its encryption header parsed and
    /// its token, if any, verified (else 401 `POWER_AUTH_TOKEN_ERROR`).
    private func echoCaller(
        _ request: Request, _ context: DevServerContext, uriId: String, scope: ECIES.Scope
    ) throws(APIFailure) -> EchoCaller {
        if request.header(AuthorizationHeader.name) != nil {
            return .signed(
                try signedCaller(
                    request, context,
                    ServerSignatureAuthentication(
                        uriId: uriId, allowed: ServerSignatureAuthentication.anyPossessionFactor)))
        }
        let header = try encryptionHeader(request, scope: scope)
        guard request.header(TokenHeader.name) != nil else { return .encrypted(header, tokenActivationId: nil) }
        do {
            return .encrypted(header, tokenActivationId: try authentication.authenticateToken(request))
        } catch {
            throw refuse(PowerAuthRESTError.token, request, error.message)
        }
    }

    /// `POST /custom/echo/activation`: an activation-scope ECIES request (`/pa/generic/activation`), either
    /// signed (`X-PowerAuth-Authorization`, uriId `/custom/echo/activation`, any possession factor; the version
    /// is `pa_version`) or with `X-PowerAuth-Encryption` naming the activation (and, token-signed, an
    /// `X-PowerAuth-Token` of that activation, verified); answered with its plaintext.
    func encryptedEchoActivation(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response {
        let failure = PowerAuthRESTError.encryption
        let activationId: String
        let version: ProtocolVersion
        var signatureType: SignatureType?
        switch try echoCaller(request, context, uriId: EndpointPaths.PowerAuth.echoActivation, scope: .activation) {
        case .signed(let caller):
            activationId = caller.activationId
            version = caller.version
            signatureType = caller.signatureType
        case .encrypted(let header, let tokenActivationId):
            activationId = header.activationId ?? ""
            version = header.version
            if let tokenActivationId, tokenActivationId != activationId {
                throw refuse(PowerAuthRESTError.token, request, "the token belongs to another activation")
            }
            guard store.activation(id: activationId)?.applicationKey == header.applicationKey else {
                throw refuse(failure, request, "the application key does not belong to the activation")
            }
        }
        guard let activation = store.activation(id: activationId), activation.counters.status == .active else {
            throw refuse(failure, request, "unknown or inactive activation")
        }
        let encryption: ServerEncryptionFlow
        do {
            encryption = try ServerEncryptionFlow(
                version: version, encryptorId: .activationScopeGeneric, activation: activation)
        } catch {
            throw refuse(failure, request, "the activation's keys are unusable")
        }
        let opened = try await openBody(
            request, context, with: encryption,
            fallbackKey: { () throws(PowerAuthError) in try activation.serverSigningKey() }, failure: failure)
        return try echoResponse(opened, request, signatureType: signatureType)
    }

    private func echoResponse(
        _ opened: ServerEncryptionFlow.Opened, _ request: Request, signatureType: SignatureType?
    ) throws(APIFailure) -> Response {
        do {
            var response = Envelope.json(try opened.seal(opened.plaintext, timestampMillis: clock.nowMillis))
            if let signatureType { response.addSignatureType(signatureType.rawValue) }
            return response
        } catch {
            throw refuse(PowerAuthRESTError.encryption, request, "the response could not be encrypted")
        }
    }

    // MARK: shared steps

    /// A signed caller for `/pa/v3`: a missing/malformed header or a signature that does not verify is 401
    /// `POWER_AUTH_SIGNATURE_INVALID`, a factor the endpoint does not allow `POWER_AUTH_SIGNATURE_TYPE_INVALID`.
    func signedCaller(
        _ request: Request, _ context: DevServerContext, _ signature: ServerSignatureAuthentication
    ) throws(APIFailure) -> (activationId: String, version: ProtocolVersion, signatureType: SignatureType) {
        let header: AuthorizationHeader
        do {
            header = try ServerSignatureAuthentication.header(request.header(AuthorizationHeader.name))
            try signature.checkAllowed(header)
        } catch {
            let answer =
                switch error.kind {
                case .headerMissing: PowerAuthRESTError.headerMissing
                case .signatureTypeNotAllowed: PowerAuthRESTError.signatureType
                default: PowerAuthRESTError.signature
                }
            throw refuse(answer, request, error.reason)
        }
        do {
            let caller = try authentication.authenticateSignature(
                request, body: context.body, header: header, uriId: signature.uriId, allowed: signature.allowed)
            return (caller.activationId, header.version, caller.signatureType)
        } catch {
            throw refuse(PowerAuthRESTError.signature, request, error.message)
        }
    }

    /// The typed `requestObject` of a `/pa/v3` body; one that does not decode is logged and answered with `failure`.
    func requestObject<Object: Decodable & Sendable>(
        _ request: Request, _ context: DevServerContext, as type: Object.Type, failure: APIFailure
    ) async throws(APIFailure) -> Object {
        do {
            return try await context.requestObject(request, as: type)
        } catch {
            throw refuse(failure, request, error.message)
        }
    }

    /// `X-PowerAuth-Encryption`, parsed and checked for the endpoint's scope; else `ERR_ENCRYPTION`.
    func encryptionHeader(_ request: Request, scope: ECIES.Scope) throws(APIFailure) -> EncryptionHeader {
        guard let value = request.header(EncryptionHeader.name) else {
            throw refuse(PowerAuthRESTError.encryption, request, "no \(EncryptionHeader.name) header")
        }
        do {
            let header = try EncryptionHeader(parsing: value)
            try header.validate(scope: scope)
            return header
        } catch {
            throw refuse(PowerAuthRESTError.encryption, request, "\(EncryptionHeader.name): \(error.reason)")
        }
    }

    /// The application and supported version of `APP_KEY`.
    func applicationVersion(
        _ applicationKey: String, _ request: Request, failure: APIFailure
    ) throws(APIFailure) -> (ServerApplication, ServerApplication.Version) {
        for application in store.snapshot.applications {
            if let version = application.version(applicationKey: applicationKey), version.supported {
                return (application, version)
            }
        }
        throw refuse(failure, request, "unknown or unsupported application key")
    }

    /// The ECIES envelope of every encrypted route: the body as an encrypted request, opened with `flow`, checked
    /// by the replay guard; any failure is logged and answered with `failure`.
    func openBody(
        _ request: Request, _ context: DevServerContext, with flow: ServerEncryptionFlow,
        fallbackKey: () throws(PowerAuthError) -> NISTP256.Signing.PrivateKey, failure: APIFailure
    ) async throws(APIFailure) -> ServerEncryptionFlow.Opened {
        let body: ECIES.EncryptedRequest
        do {
            body = try ServerEncryptionFlow.request(context.body)
        } catch {
            throw refuse(failure, request, error.reason)
        }
        return try await open(body, with: flow, request, fallbackKey: fallbackKey, failure: failure)
    }

    /// Opens `body` with `flow`: 3.3 with the temporary key its `temporaryKeyId` names (issued for this application
    /// key and, in activation scope, activation; unknown or expired is the `ERR0045` path), older versions with
    /// `fallbackKey` (master or activation server key); then the replay guard (3.2+: a repeated request or a
    /// timestamp outside the window is refused).
    func open(
        _ body: ECIES.EncryptedRequest, with flow: ServerEncryptionFlow, _ request: Request,
        fallbackKey: () throws(PowerAuthError) -> NISTP256.Signing.PrivateKey, failure: APIFailure
    ) async throws(APIFailure) -> ServerEncryptionFlow.Opened {
        let opened: ServerEncryptionFlow.Opened
        do {
            opened = try flow.open(
                body, temporaryKeys: temporaryKeys, nowMillis: clock.nowMillis, fallback: fallbackKey)
        } catch {
            throw refuse(failure, request, error.reason)
        }
        do {
            try await replayGuard.check(opened.request, now: clock.nowMillis)
        } catch {
            throw refuse(failure, request, error.reason)
        }
        return opened
    }
}

extension EnrollmentService {
    /// `POST /pa/v3/keystore/create` (spec §2.3): the request JWT's application (and, in activation scope, an
    /// ACTIVE or BLOCKED activation of it) is found from the unverified claims, the HS256 MAC is checked, and a
    /// fresh P-256 key (valid 300 s) is stored and answered in an ES256 JWT signed with the master key
    /// (application scope) or the activation's server key. Any failure: 400 `ERR_TEMPORARY_KEY`.
    func createTemporaryKey(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response {
        let failure = PowerAuthRESTError.temporaryKey
        let body = try await requestObject(request, context, as: KeystoreCreateRequest.self, failure: failure)
        let claims: TemporaryKeyRequest
        do {
            claims = try ServerTemporaryKeys.claims(of: body.jwt)
        } catch {
            throw refuse(failure, request, error.reason)
        }
        let (application, version) = try applicationVersion(claims.applicationKey, request, failure: failure)
        var transportKey: Data?
        let signingKey: NISTP256.Signing.PrivateKey
        do {
            if let activationId = claims.activationId {
                guard let activation = store.activation(id: activationId),
                    activation.counters.status == .active || activation.counters.status == .blocked,
                    activation.applicationKey == claims.applicationKey, activation.hasDeviceKey
                else {
                    throw refuse(
                        failure, request, "the activation is unknown, not ACTIVE/BLOCKED or of another application")
                }
                transportKey = try activation.derivedKeys().transport
                signingKey = try activation.serverSigningKey()
            } else {
                signingKey = try application.masterSigningKey()
            }
        } catch let error as APIFailure {
            throw error
        } catch {
            throw refuse(failure, request, "the server keys are unusable")
        }
        let jwt: String
        do {
            jwt = try temporaryKeys.issue(
                for: body.jwt, applicationSecret: version.applicationSecret, transportKey: transportKey,
                signingKey: signingKey, nowMillis: clock.nowMillis)
        } catch {
            throw refuse(failure, request, error.reason)
        }
        return Envelope.ok(KeystoreCreateResponse(jwt: jwt))
    }
}
