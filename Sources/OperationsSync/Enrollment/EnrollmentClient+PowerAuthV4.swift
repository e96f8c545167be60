import FoundationEssentials
import HTTPTypes
import MobileTokenAPI
package import OfflineOperations
package import PowerAuth
package import QRAuthCrypto
import QRAuthFiles

/// The mobile token's side of `/pa/v4` (protocol 4.0, spec powerauth-v4.md §11–§14): the server's suites, temporary
/// keys, activation, confirm, status and token create. The cryptography is `PowerAuthV4`'s device half; this file
/// adds transport, error mapping and the device-file cycles. The 4.0 headers are built here from the device file
/// itself (not by the HTTP client's 3.x signer): the counter is saved before a request leaves, as for 3.x.
extension EnrollmentClient {
    /// A 4.0 device file: the same store as a 3.x one (`ActivationFile`: locked, atomic, 0600).
    package typealias DeviceFileV4 = ActivationFile<PowerAuthV4.DeviceFile>

    /// What a 4.0 status answer said, and what the device did with it.
    package struct StatusV4: Sendable {
        /// `CREATED`, `PENDING_COMMIT`, `ACTIVE`, `BLOCKED` or `REMOVED`.
        package var state: ActivationStatus
        /// The decoded blob (nil when the server answered the state name form, spec §14.2).
        package var blob: PowerAuthV4.StatusBlob?
        /// Counter steps the device moved forward to the server's counter.
        package var counterAdvanced: Int
        /// Where the device's counter stands after the answer (`.unknown` for the state name form).
        package var counterPosition: CounterPosition = .unknown
        /// Seconds until a temporary block expires (name form only).
        package var blockExpiresMillis: Int64?
    }

    /// The 4.0 device file behind a device store, when the store is a file (`ActivationFile<DeviceActivation>`) whose
    /// `protocolVersion` is 4.0; nil for a 3.x file or another store.
    package nonisolated static func deviceFileV4(for store: any ActivationStore<DeviceActivation>) -> DeviceFileV4? {
        (store as? ActivationFile<DeviceActivation>)?.protocolV4File
    }

    /// `/pa/v4/status`: the suites the server offers, strongest first; nil when the server has no `/pa/v4` (HTTP 404
    /// or 405: a 3.x-only server).
    package nonisolated func supportedSuitesV4(applicationKey: String) async throws(EnrollmentError) -> [String]? {
        let endpoint = Endpoint(.post, EndpointPaths.PowerAuth.v4.status)
        let body = try wire(
            PowerAuthV4.Wire.RequestObject(PowerAuthV4.Wire.ServerStatusRequest(applicationKey: applicationKey)))
        let exchange = try await exchange(endpoint, body: body)
        if [404, 405].contains(exchange.response.statusCode) { return nil }
        let status = try EnrollmentResponse.enveloped(
            exchange.response, endpoint: endpoint.path, as: PowerAuthV4.Wire.ServerStatus.self)
        clock.learn(
            serverMillis: status.serverTime, sentMillis: exchange.sentMillis, receivedMillis: exchange.receivedMillis)
        return status.supportedAlgorithms
    }

    /// `/pa/v4/keystore/create` for one exchange; `signer` (the P-384 master key, or the activation's server key)
    /// checks the answer. Not cached: every 4.0 call of a command asks once.
    package nonisolated func temporaryKeyV4(
        _ request: PowerAuthV4.TemporaryKeyExchange, signer: NISTP384.PublicKey
    ) async throws(EnrollmentError) -> PowerAuthV4.TemporaryKey {
        let endpoint = Endpoint(.post, EndpointPaths.PowerAuth.v4.keystoreCreate)
        let body = try wire(PowerAuthV4.Wire.RequestObject(PowerAuthV4.Wire.JWTObject(jwt: request.jwt)))
        let exchange = try await exchange(endpoint, body: body)
        let answer = try EnrollmentResponse.enveloped(
            exchange.response, endpoint: endpoint.path, as: PowerAuthV4.Wire.JWTObject.self)
        let key: PowerAuthV4.TemporaryKey
        do {
            key = try request.finish(responseJWT: answer.jwt, signer: signer)
        } catch {
            throw EnrollmentError(
                .temporaryKeyInvalid, "the temporary key from \(endpoint.path) is refused: \(error.reason)")
        }
        clock.learn(
            serverMillis: key.serverTimeMillis, sentMillis: exchange.sentMillis, receivedMillis: exchange.receivedMillis
        )
        guard key.expiresMillis > clock.nowMillis() else {
            throw EnrollmentError(.temporaryKeyExpired, "the server issued a temporary key that has already expired")
        }
        return key
    }

    /// An application-scope temporary key for `suite`, its answer checked with the P-384 master key.
    package nonisolated func applicationTemporaryKeyV4(
        _ application: PowerAuthV4.Application, suite: PowerAuthV4.Suite
    ) async throws(EnrollmentError) -> PowerAuthV4.TemporaryKey {
        let master: NISTP384.PublicKey
        let exchangeRequest: PowerAuthV4.TemporaryKeyExchange
        do {
            master = try application.master
            exchangeRequest = try application.temporaryKeyExchange(suite: suite)
        } catch {
            throw EnrollmentError(.configuration, error.reason)
        }
        return try await temporaryKeyV4(exchangeRequest, signer: master)
    }

    /// Checks a code for a 4.0 activation before anything is sent (pure): Base32 and CRC-16; a signature part must
    /// verify with the P-256 master key (`legacyMaster`, a 3.x back office's) or ECDSA P-384/SHA-384 with the P-384
    /// master key (a hybrid ML-DSA signature is not checked: give the code without it). Returns the bare code.
    package nonisolated static func checkCodeV4(
        _ text: String, application: PowerAuthV4.Application, legacyMaster: NISTP256.Signing.PublicKey?
    ) throws(EnrollmentError) -> String {
        let signed: SignedActivationCode
        do {
            signed = try SignedActivationCode(parsing: text)
        } catch  where error.code == .activationCodeSignature {
            throw EnrollmentError(.activationCodeSignature, error.reason)
        } catch {
            throw EnrollmentError(.invalidActivationCode, error.reason)
        }
        guard let signature = signed.signature else { return signed.code.value }
        if let legacyMaster, signed.isSignatureValid(masterPublicKey: legacyMaster) { return signed.code.value }
        if let master = try? application.master,
            master.isValidSignature(derRepresentation: signature, for: Data(signed.code.value.utf8))
        {
            return signed.code.value
        }
        throw EnrollmentError(
            .activationCodeSignature, "the activation code's signature does not verify with either master public key")
    }

    /// Activation via activation code in 4.0 (`/pa/v4/activation/create`, both layers, `suite`) for a code
    /// `checkCodeV4` accepted: returns the device file (knowledge key wrapped under `password`) and its fingerprint;
    /// nothing is stored.
    package func activateV4(
        code: String, application: PowerAuthV4.Application, suite: PowerAuthV4.Suite,
        details: DeviceActivationFlow.DeviceDetails, password: String, biometry: Bool
    ) async throws(EnrollmentError) -> (file: PowerAuthV4.DeviceFile, fingerprint: String) {
        let key = try await applicationTemporaryKeyV4(application, suite: suite)
        let request: PowerAuthV4.ActivationRequest
        do {
            request = try PowerAuthV4.ActivationRequest(
                code: code, application: application, temporaryKey: key, suite: suite, name: details.name,
                otp: details.otp, platform: details.platform, nowMillis: clock.requestMillis())
        } catch {
            throw EnrollmentError(.configuration, "cannot build the activation request: \(error.reason)")
        }
        let endpoint = Endpoint(.post, EndpointPaths.PowerAuth.v4.activationCreate)
        let exchange = try await exchange(
            endpoint, body: request.body,
            headers: [
                .powerAuthEncryption: PowerAuthV4.EncryptionHeader(
                    applicationKey: application.applicationKey
                ).value
            ])
        try EnrollmentResponse.checkFailure(exchange.response, endpoint: endpoint.path)
        do {
            let device = try request.finish(responseBody: exchange.response.body)
            var file = try PowerAuthV4.DeviceFile(device, password: password, biometry: biometry)
            file.serverTimeOffsetMillis = clock.offsetMillis
            return (file, try device.fingerprint)
        } catch {
            throw Self.answerError(error, endpoint: endpoint.path)
        }
    }

    /// `/pa/v4/activation/confirm` (spec §13.5), signed `possession_knowledge` over the exact body; with `biometry`
    /// the server enables biometry, which the file records once the server said OK.
    package func confirmV4(
        _ store: DeviceFileV4, password: String, biometry: Bool
    ) async throws(EnrollmentError) {
        let (body, header) = try Self.cycle(store, "sign the confirmation") {
            (file) throws -> (Data, PowerAuthV4.AuthorizationHeader) in
            var device = try file.device(password: password)
            let request = try device.confirmRequest(enableBiometry: biometry)
            let enabled = file.biometryEnabled
            try file.record(device)
            file.biometryEnabled = enabled
            return (request.body, request.authorization)
        }
        let endpoint = Endpoint(.post, EndpointPaths.PowerAuth.v4.activationConfirm)
        let exchange = try await exchange(
            endpoint, body: body, headers: [.powerAuthAuthorization: header.value])
        try EnrollmentResponse.checkFailure(exchange.response, endpoint: endpoint.path)
        if biometry { try Self.cycle(store, "record biometry") { $0.biometryEnabled = true } }
    }

    /// `/pa/v4/activation/status` (spec §14): the encrypted blob read with the file's keys; a server counter ahead of
    /// the device's moves the device's forward; REMOVED marks the file removed.
    package func statusV4(_ store: DeviceFileV4) async throws(EnrollmentError) -> StatusV4 {
        let device = try Self.cycle(store, "read the activation") { try $0.device(password: nil) }
        let key: PowerAuthV4.TemporaryKey
        let request: (body: Data, nonce: Data)
        do {
            key = try await temporaryKeyV4(device.temporaryKeyExchange(), signer: device.serverKey)
            request = try device.statusRequest(key, nowMillis: clock.requestMillis())
        } catch let error as EnrollmentError {
            throw error
        } catch {
            throw EnrollmentError(.missingActivation, "cannot ask for the status: \(error)")
        }
        let endpoint = Endpoint(.post, EndpointPaths.PowerAuth.v4.activationStatus)
        let exchange = try await exchange(
            endpoint, body: request.body, headers: [.powerAuthEncryption: device.encryptionHeader.value])
        try EnrollmentResponse.checkFailure(exchange.response, endpoint: endpoint.path)
        return try Self.cycle(store, "apply the status") { (file) throws -> StatusV4 in
            var current = try file.device(password: nil)
            let before = current.state.counter
            let response: PowerAuthV4.StatusResponse
            do throws(PowerAuthError) {
                response = try current.status(responseBody: exchange.response.body, key: key, nonce: request.nonce)
            } catch {
                throw EnrollmentError(
                    .statusUnreadable,
                    "the status of \(file.activationId) does not decode (\(error.reason)): the server does not know "
                        + "the activation, or the keys differ")
            }
            try file.record(current)
            let result: StatusV4
            switch response {
            case .blob(let blob):
                guard let state = ActivationStatus.allCases.first(where: { $0.statusByte == blob.status }) else {
                    throw EnrollmentError(.statusUnreadable, "the status blob has an unknown state \(blob.status)")
                }
                let advanced = current.state.counter - before
                let position: CounterPosition
                do throws(PowerAuthError) {
                    position = advanced > 0 ? .deviceBehind(advanced) : try current.counterPosition(blob)
                } catch {
                    throw EnrollmentError(.statusUnreadable, "the status blob: \(error.reason)")
                }
                result = StatusV4(
                    state: state, blob: blob, counterAdvanced: advanced, counterPosition: position)
            case .name(let name, let expires):
                guard let state = ActivationStatus(rawValue: name) else {
                    throw EnrollmentError(.statusUnreadable, "the status names an unknown state \(name)")
                }
                result = StatusV4(state: state, counterAdvanced: 0, blockExpiresMillis: expires)
            }
            if result.state == .removed { file.removed = true }
            return result
        }
    }

    /// `/pa/v4/token/create` (spec §14.4): the encrypted body signed with `authentication`'s factors; the token is
    /// stored in the file as `possession_universal`.
    package func createTokenV4(
        _ store: DeviceFileV4, authentication: MobileTokenAuthentication
    ) async throws(EnrollmentError) -> PowerAuthV4.Device.Token {
        let (password, type) = try Self.codeType(authentication)
        let device = try Self.cycle(store, "read the activation") { try $0.device(password: nil) }
        let key: PowerAuthV4.TemporaryKey
        do {
            key = try await temporaryKeyV4(device.temporaryKeyExchange(), signer: device.serverKey)
        } catch let error as EnrollmentError {
            throw error
        } catch {
            throw EnrollmentError(.missingActivation, "cannot ask for a temporary key: \(error)")
        }
        let nowMillis = clock.requestMillis()
        let request = try Self.cycle(store, "sign the token request") {
            (file) throws -> (body: Data, authorization: PowerAuthV4.AuthorizationHeader, nonce: Data) in
            var device = try file.device(password: password)
            let request = try device.tokenCreateRequest(key, type: type, nowMillis: nowMillis)
            try file.record(device)
            return request
        }
        let endpoint = Endpoint(.post, EndpointPaths.PowerAuth.v4.tokenCreate)
        let exchange = try await exchange(
            endpoint, body: request.body, headers: [.powerAuthAuthorization: request.authorization.value])
        try EnrollmentResponse.checkFailure(exchange.response, endpoint: endpoint.path)
        return try Self.cycle(store, "store the token") { (file) throws -> PowerAuthV4.Device.Token in
            var device = try file.device(password: nil)
            let token: PowerAuthV4.Device.Token
            do throws(PowerAuthError) {
                token = try device.finishTokenCreate(
                    responseBody: exchange.response.body, key: key, nonce: request.nonce)
            } catch {
                throw Self.answerError(error, endpoint: endpoint.path)
            }
            try file.record(device)
            return token
        }
    }

    /// `/pa/v4/token/remove`, signed with `authentication`'s factors; the token is dropped from the file once the
    /// server answered (it removes unknown tokens quietly). Returns the token id.
    package func removeTokenV4(
        _ store: DeviceFileV4, authentication: MobileTokenAuthentication
    ) async throws(EnrollmentError) -> String {
        let (password, type) = try Self.codeType(authentication)
        let endpoint = Endpoint(.post, EndpointPaths.PowerAuth.v4.tokenRemove)
        let (tokenId, body, header) = try Self.cycle(store, "sign the token removal") {
            (file) throws -> (String, Data, PowerAuthV4.AuthorizationHeader) in
            guard let token = file.token else {
                throw EnrollmentError(.missingActivation, "the device file holds no token to remove")
            }
            let body = try PowerAuthV4.Wire.encode(
                PowerAuthV4.Wire.RequestObject(PowerAuthV4.Wire.TokenReference(tokenId: token.id)))
            var device = try file.device(password: password)
            let header = try device.authorize(
                method: "POST", uriId: EndpointPaths.PowerAuth.tokenRemoveURIId, body: body, type: type)
            try file.record(device)
            return (token.id, body, header)
        }
        let exchange = try await exchange(
            endpoint, body: body, headers: [.powerAuthAuthorization: header.value])
        try Self.cycle(store, "drop the token") { if $0.token?.id == tokenId { $0.token = nil } }
        try EnrollmentResponse.checkFailure(exchange.response, endpoint: endpoint.path)
        return tokenId
    }

    /// `/pa/v4/activation/remove` (spec §13.6), signed over `{}` with two factors; the file is then marked removed.
    package func removeV4(
        _ store: DeviceFileV4, authentication: MobileTokenAuthentication
    ) async throws(EnrollmentError) -> String {
        let (password, type) = try Self.codeType(authentication)
        guard type != .possession else {
            throw EnrollmentError(
                .factorNotAllowed, "activation remove needs two factors: give the password or biometry")
        }
        let body = Data("{}".utf8)
        let (activationId, header) = try Self.cycle(store, "sign the removal") {
            (file) throws -> (String, PowerAuthV4.AuthorizationHeader) in
            var device = try file.device(password: password)
            let header = try device.authorize(
                method: "POST", uriId: EndpointPaths.PowerAuth.activationRemoveURIId, body: body, type: type)
            try file.record(device)
            return (file.activationId, header)
        }
        let endpoint = Endpoint(.post, EndpointPaths.PowerAuth.v4.activationRemove)
        let exchange = try await exchange(
            endpoint, body: body, headers: [.powerAuthAuthorization: header.value])
        try EnrollmentResponse.checkFailure(exchange.response, endpoint: endpoint.path)
        try Self.cycle(store, "mark the activation removed") { $0.removed = true }
        return activationId
    }

    /// The password and 4.0 code type of an authentication.
    nonisolated static func codeType(
        _ authentication: MobileTokenAuthentication
    ) throws(EnrollmentError) -> (String?, PowerAuthV4.AuthenticationCode.CodeType) {
        switch authentication {
        case .password(let password): (password, .possessionKnowledge)
        case .biometry: (nil, .possessionBiometry)
        case .possession: (nil, .possession)
        }
    }

    /// One locked read-modify-write cycle of a 4.0 device file (saved only when changed), with the client's errors.
    nonisolated static func cycle<R>(
        _ store: DeviceFileV4, _ what: String, _ body: (inout PowerAuthV4.DeviceFile) throws -> R
    ) throws(EnrollmentError) -> R {
        do {
            return try store.update(body)
        } catch let error as EnrollmentError {
            throw error
        } catch let error as PowerAuthError {
            switch error.code {
            case .activationRemoved: throw EnrollmentError(.activationRemoved, error.reason)
            case .missingFactorKey, .factorNotAllowed: throw EnrollmentError(.factorNotAllowed, error.reason)
            default: throw EnrollmentError(.missingActivation, "cannot \(what): \(error.reason)")
            }
        } catch let error as FileError where error.code == .notFound {
            throw EnrollmentError(.missingActivation, "no activation file at \(store.path)")
        } catch let error as FileError {
            throw EnrollmentError(.missingActivation, "cannot \(what) in \(store.path): \(error.reason)")
        } catch {
            throw EnrollmentError(.missingActivation, "cannot \(what): \(error)")
        }
    }

    /// A `/pa/v4` body as JSON.
    nonisolated func wire(_ value: some Encodable) throws(EnrollmentError) -> Data {
        do {
            return try PowerAuthV4.Wire.encode(value)
        } catch {
            throw EnrollmentError(.invalidRequest, "cannot encode a /pa/v4 request: \(error.reason)")
        }
    }
}
