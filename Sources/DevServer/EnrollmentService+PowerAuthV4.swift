import FoundationEssentials
import Hummingbird
import MobileTokenAPI
import OfflineOperations
import PowerAuth
import QRAuthCrypto

/// The enrollment server's `/pa/v4` API (protocol 4.0, spec powerauth-v4.md §11–§14) beside `/pa/v3`. The
/// cryptography is `PowerAuth`'s server halves (`ServerFlowsV4.swift`); this file reads requests, finds the
/// activation and keeps the state. Errors are the RESTful integration's, as for `/pa/v3`. The 4.0 headers on the
/// Mobile Token API are `RequestAuthentication`'s (`RequestAuthentication+PowerAuthV4.swift`).
extension EnrollmentService {
    /// Registers `/pa/v4`.
    func addV4Routes(to group: RouterGroup<DevServerContext>) {
        group.post(RouterPath(EndpointPaths.PowerAuth.v4.status)) { try await serverStatusV4($0, $1) }
        group.post(RouterPath(EndpointPaths.PowerAuth.v4.keystoreCreate)) { try await createTemporaryKeyV4($0, $1) }
        group.post(RouterPath(EndpointPaths.PowerAuth.v4.activationCreate)) { try await createActivationV4($0, $1) }
        group.post(RouterPath(EndpointPaths.PowerAuth.v4.activationStatus)) { try await activationStatusV4($0, $1) }
        group.post(RouterPath(EndpointPaths.PowerAuth.v4.activationConfirm)) { try await confirmActivationV4($0, $1) }
        group.post(RouterPath(EndpointPaths.PowerAuth.v4.tokenCreate)) { try await createTokenV4($0, $1) }
        group.post(RouterPath(EndpointPaths.PowerAuth.v4.tokenRemove)) { try await removeTokenV4($0, $1) }
        group.post(RouterPath(EndpointPaths.PowerAuth.v4.activationRemove)) { try await removeActivationV4($0, $1) }
        group.post(RouterPath(EndpointPaths.PowerAuth.v4.upgradeStart)) { try await upgradeStartV4($0, $1) }
        group.post(RouterPath(EndpointPaths.PowerAuth.v4.upgradeConfirm)) { try await upgradeConfirmV4($0, $1) }
    }

    // MARK: /pa/v4/status, /pa/v4/keystore/create

    /// `/pa/v4/status`: server time and the suites the application accepts, strongest first (the server's,
    /// filtered by the application's `cryptography_algorithms_supported`, spec §17).
    func serverStatusV4(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response {
        let failure = PowerAuthRESTError.activation
        let body = try await requestObject(
            request, context, as: PowerAuthV4.Wire.ServerStatusRequest.self, failure: failure)
        let (application, _) = try applicationVersion(body.applicationKey, request, failure: failure)
        return Envelope.ok(
            PowerAuthV4.Wire.ServerStatus(
                serverTime: clock.nowMillis, supportedAlgorithms: application.supportedSuitesV4.map(\.rawValue)))
    }

    /// `/pa/v4/keystore/create`: an HS384 request JWT in, an ES384 response JWT out (application scope: the P-384
    /// master key; activation scope: the activation's server key).
    func createTemporaryKeyV4(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response {
        let failure = PowerAuthRESTError.temporaryKey
        let jwt = try await requestObject(request, context, as: PowerAuthV4.Wire.JWTObject.self, failure: failure).jwt
        do {
            let claims = try ServerTemporaryKeysV4.claims(of: jwt)
            let (application, version) = try applicationVersion(claims.applicationKey, request, failure: failure)
            let jwtKey: Data
            let signingKey: NISTP384.PrivateKey
            if let activationId = claims.activationId {
                // A pending upgrade's keys too: the device reads the status (flag bit 1) before it confirms.
                guard let activation = store.activation(id: activationId), let v4 = activation.statusPartV4,
                    activation.applicationKey == claims.applicationKey
                else { throw refuse(failure, request, "unknown 4.0 activation") }
                jwtKey = try v4.keys().activationTemporaryKey
                signingKey = try v4.signingKey()
            } else {
                jwtKey = try PowerAuthV4.ActivationKeys.applicationTemporaryKey(
                    applicationSecret: Data(base64Encoded: version.applicationSecret) ?? Data())
                signingKey = try store.masterKeyP384(application.applicationId)
            }
            let response = try temporaryKeysV4.issue(
                for: jwt, jwtKey: jwtKey, signingKey: signingKey, nowMillis: clock.nowMillis)
            return Envelope.ok(PowerAuthV4.Wire.JWTObject(jwt: response))
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
    func masterPublicKeyP384(_ applicationId: String) -> Data? {
        try? store.masterKeyP384(applicationId).publicKey.x963Representation
    }

    // MARK: /pa/v4/activation/*

    /// `/pa/v4/activation/create`: both layers opened with the application-scope temporary key, the CREATED
    /// activation of the code prepared as a 4.0 activation, both layers answered.
    func createActivationV4(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response {
        let header = try encryptionHeaderV4(request, activationScope: false)
        let (application, version) = try applicationVersion(
            header.applicationKey, request, failure: PowerAuthRESTError.encryption)
        let flow = ServerActivationFlowV4(
            applicationKey: version.applicationKey, applicationSecret: version.applicationSecret)
        let now = clock.nowMillis
        let opened: ServerActivationFlowV4.Opened
        do {
            opened = try flow.open(context.body, temporaryKeys: temporaryKeysV4, nowMillis: now)
        } catch {
            throw refuse(PowerAuthRESTError.encryption, request, error.reason)
        }
        let failure = PowerAuthRESTError.activation
        // A suite the application's `cryptography_algorithms_supported` leaves out: the server's ERR0046 ("algorithm
        // not supported", spec §17), which the RESTful layer answers as an activation error.
        let algorithm = opened.layer2.sharedSecretRequest.algorithm
        guard application.supportedSuitesV4.contains(where: { $0.rawValue == algorithm }) else {
            throw refuse(
                failure, request, "ERR0046: the application does not accept algorithm \(algorithm.prefix(40))")
        }
        let body = try store.transaction { (state, changed) throws(APIFailure) -> Data in
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
            return body
        }
        return Envelope.json(body)
    }

    /// `/pa/v4/activation/status`: the encrypted 80-byte blob (activation scope).
    func activationStatusV4(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response {
        let header = try encryptionHeaderV4(request, activationScope: true)
        let failure = PowerAuthRESTError.activation
        guard let activation = store.activation(id: header.activationId ?? ""), activation.statusPartV4 != nil,
            activation.applicationKey == header.applicationKey
        else { throw refuse(failure, request, "unknown 4.0 activation") }
        do {
            return Envelope.json(
                try service(activation).status(
                    context.body, activation: activation, temporaryKeys: temporaryKeysV4, nowMillis: clock.nowMillis))
        } catch {
            throw refuse(failure, request, error.reason)
        }
    }

    /// `/pa/v4/activation/confirm`: signed `possession_knowledge` or `possession_biometry`; clears the pending flag.
    func confirmActivationV4(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response {
        let body = context.body
        return try signedV4(
            request, context, uriId: EndpointPaths.PowerAuth.activationConfirmURIId,
            allowed: [.possessionKnowledge, .possessionBiometry], confirm: true
        ) { (activation, service) throws(PowerAuthError) in
            try service.confirm(body, activation: &activation)
            return try PowerAuthV4.Wire.encode(["status": "OK"])
        }
    }

    /// `/pa/v4/token/create`: signed over the encrypted body; answers the encrypted token.
    func createTokenV4(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response {
        let now = clock.nowMillis
        let body = context.body
        return try signedV4(
            request, context, uriId: DeviceTokenFlow.uriId,
            allowed: Set(PowerAuthV4.AuthenticationCode.CodeType.allCases)
        ) { (activation, service) throws(PowerAuthError) in
            try service.createToken(body, activation: &activation, temporaryKeys: temporaryKeysV4, nowMillis: now)
        }
    }

    /// `/pa/v4/token/remove`: signed (uriId `/pa/token/remove`, any factors); removes the token quietly.
    func removeTokenV4(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response {
        let body = context.body
        return try signedV4(
            request, context, uriId: EndpointPaths.PowerAuth.tokenRemoveURIId,
            allowed: Set(PowerAuthV4.AuthenticationCode.CodeType.allCases)
        ) { (activation, service) throws(PowerAuthError) in
            try service.removeToken(body, activation: &activation)
        }
    }

    /// `/pa/v4/activation/remove`: signed with two factors (uriId `/pa/activation/remove`); REMOVED (spec §13.6).
    func removeActivationV4(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response {
        let now = clock.nowMillis
        return try signedV4(
            request, context, uriId: EndpointPaths.PowerAuth.activationRemoveURIId,
            allowed: [.possessionKnowledge, .possessionBiometry]
        ) { (activation, service) throws(PowerAuthError) in
            try service.remove(activation: &activation, nowMillis: now)
        }
    }

    // MARK: /pa/v4/upgrade/*

    /// `/pa/v4/upgrade/start` (spec §15): both headers; `ServerUpgradeFlowV4.start` checks the 3.3 authorization and
    /// keeps the pending 4.0 keys, in one store transaction (counters and failed attempts kept whatever the outcome).
    func upgradeStartV4(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response {
        let header = try encryptionHeaderV4(request, activationScope: false)
        let body = context.body
        let now = clock.nowMillis
        // The application's `cryptography_algorithms_supported` limits the upgrade as it limits activation (spec §17);
        // an unknown application key is refused by `upgradeStep` as an unknown activation.
        let allowed =
            store.snapshot.applications.first { $0.version(applicationKey: header.applicationKey) != nil }?
            .supportedSuitesV4 ?? ServerFlowsV4.supportedSuites
        return try upgradeStep(request, applicationKey: header.applicationKey, version: "3.3") {
            (flow, activation) throws(ServerUpgradeFlowV4.Refusal) in
            try flow.start(
                body, authorization: request.header(AuthorizationHeader.name), activation: &activation,
                temporaryKeys: temporaryKeysV4, allowedSuites: allowed, nowMillis: now)
        }
    }

    /// `/pa/v4/upgrade/confirm` (spec §15): signed `possession` with the pending 4.0 keys; commits the upgrade.
    func upgradeConfirmV4(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response {
        let value = request.header(PowerAuthV4.AuthorizationHeader.name)
        let header = try? PowerAuthV4.AuthorizationHeader(parsing: value ?? "")
        let body = context.body
        let now = clock.nowMillis
        return try upgradeStep(request, applicationKey: header?.applicationKey, version: "4.0") {
            (flow, activation) throws(ServerUpgradeFlowV4.Refusal) in
            try flow.confirm(body, authorization: value, activation: &activation, nowMillis: now)
        }
    }

    /// One upgrade step on the activation `X-PowerAuth-Authorization` names (3.3 header for start, 4.0 for
    /// confirm), in one store transaction that keeps whatever the step changed, also when it refuses; refusals are
    /// answered with the flow's error code.
    private func upgradeStep(
        _ request: Request, applicationKey: String?, version: String,
        _ step: (ServerUpgradeFlowV4, inout ServerActivation) throws(ServerUpgradeFlowV4.Refusal) -> Data
    ) throws(APIFailure) -> Response {
        func failure(_ refusal: ServerUpgradeFlowV4.Refusal) -> APIFailure {
            let status = refusal.kind == .authentication ? 401 : 400
            return refuse(
                APIFailure(wireCode: refusal.kind.rawValue, status: status, Self.upgradeMessages[refusal.kind] ?? ""),
                request, refusal.reason)
        }
        let value = request.header(AuthorizationHeader.name) ?? ""
        let activationId: String
        if version == "4.0" {
            guard let header = try? PowerAuthV4.AuthorizationHeader(parsing: value) else {
                throw failure(.init(.upgrade, "no valid 4.0 \(AuthorizationHeader.name) header"))
            }
            activationId = header.activationId
        } else {
            do throws(ServerUpgradeFlowV4.Refusal) {
                activationId = try ServerUpgradeFlowV4.activationId(authorization: value)
            } catch {
                throw failure(error)
            }
        }
        var refusal: ServerUpgradeFlowV4.Refusal?
        do {
            let answer = try store.transaction { (state, changed) throws(APIFailure) -> Data in
                guard let index = state.activations.firstIndex(where: { $0.activationId == activationId }),
                    state.activations[index].applicationKey == applicationKey
                else {
                    refusal = .init(.upgrade, "unknown activation")
                    throw APIFailure(.powerAuthFailed, "refused")
                }
                var activation = state.activations[index]
                let flow = ServerUpgradeFlowV4(
                    applicationKey: activation.applicationKey, applicationSecret: activation.applicationSecret)
                do throws(ServerUpgradeFlowV4.Refusal) {
                    let body = try step(flow, &activation)
                    state.activations[index] = activation
                    changed = true
                    return body
                } catch {
                    if activation != state.activations[index] {
                        state.activations[index] = activation
                        changed = true
                    }
                    refusal = error
                    throw APIFailure(.powerAuthFailed, "refused")
                }
            }
            return Envelope.json(answer)
        } catch {
            if let refusal { throw failure(refusal) }
            throw error
        }
    }

    /// The messages of the upgrade errors (the RESTful integration's style).
    static let upgradeMessages: [ServerUpgradeFlowV4.Refusal.Kind: String] = [
        .upgrade: "POWER_AUTH_UPGRADE_FAILED", .authentication: "POWER_AUTH_SIGNATURE_INVALID",
        .validation: "POWER_AUTH_REQUEST_INVALID",
    ]

    // MARK: helpers

    private func service(_ activation: ServerActivation) -> ServerActivationServiceV4 {
        ServerActivationServiceV4(
            applicationKey: activation.applicationKey, applicationSecret: activation.applicationSecret)
    }

    /// A signed `/pa/v4` endpoint whose answer `answer` makes from the verified activation (checked by
    /// `RequestAuthentication.signedActivationV4`); a refusal is logged and answered with the RESTful error.
    private func signedV4(
        _ request: Request, _ context: DevServerContext, uriId: String,
        allowed: Set<PowerAuthV4.AuthenticationCode.CodeType>, confirm: Bool = false,
        _ answer: (inout ServerActivation, ServerActivationServiceV4) throws(PowerAuthError) -> Data
    ) throws(APIFailure) -> Response {
        var body = Data()
        do throws(AuthorizationRefusalV4) {
            _ = try authentication.signedActivationV4(
                request, body: context.body, uriId: uriId, allowed: allowed, confirm: confirm
            ) { (_, activation) throws(PowerAuthError) in
                body = try answer(&activation, service(activation))
            }
        } catch {
            switch error {
            case .headerMissing(let reason): throw refuse(PowerAuthRESTError.headerMissing, request, reason)
            case .signature(let reason): throw refuse(PowerAuthRESTError.signature, request, reason)
            case .signatureType(let reason): throw refuse(PowerAuthRESTError.signatureType, request, reason)
            case .action(let reason): throw refuse(PowerAuthRESTError.activation, request, reason)
            case .server(let failure): throw failure
            }
        }
        return Envelope.json(body)
    }

    private func encryptionHeaderV4(
        _ request: Request, activationScope: Bool
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
}
