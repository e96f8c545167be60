import Foundation
import HTTPTypes
import MobileTokenAPI
import OfflineOperations
import OperationsSync
import PowerAuth
import QRAuthCrypto

/// A small in-process double of the enrollment server's `/pa/v3` API: it signs requests with the configured signer
/// (as the real client does), then answers with the server flows of PowerAuth (`ServerStatusFlow`,
/// `ServerSignatureAuthentication`, `ServerActivationFlow`, `ServerTokenFlow`, `ServerTemporaryKeys`). Faults are
/// injected per test on what it answers.
actor EnrollmentServerDouble: HTTPClient {
    /// A fault the next answers carry.
    enum Fault: Sendable {
        /// An error envelope with this status, code and message.
        case errorEnvelope(status: Int, code: String, message: String)
        /// The same, only for one path.
        case errorEnvelopeOn(path: String, status: Int, code: String, message: String)
        /// The status blob is 32 random bytes (an unknown or CREATED activation).
        case randomStatusBlob
        /// The encrypted answer's MAC has a flipped bit.
        case corruptMAC
        /// The encrypted answer is dated this many milliseconds before the request.
        case staleBy(Int64)
        /// The answer of the previous exchange on the same path is sent again.
        case replayPrevious
        /// The temporary key is signed with another key.
        case foreignJWTSigner
        /// The temporary key expired before it was issued.
        case expiredTemporaryKey
    }

    struct Exchange: Sendable {
        let path: String
        let body: Data
        let headers: HTTPFields
        let status: Int
    }

    let signer: (any RequestSigner)?
    /// The activation as the server keeps it (nil until one is created).
    var server: ServerActivation?
    /// The application's master key pair.
    let masterKey: NISTP256.Signing.PrivateKey
    let applicationKey: String
    let applicationSecret: String
    /// The server's clock, Unix milliseconds.
    var nowMillis: @Sendable () -> Int64
    var fault: Fault?
    var exchanges: [Exchange] = []
    var lastAnswers: [String: Data] = [:]
    /// Temporary keys issued.
    let temporaryKeys = ServerTemporaryKeys()
    /// How many keystore requests arrived.
    var keystoreCalls = 0
    /// The CREATED activation the back office prepared (its server key pair and id), waiting for `pendingCode`.
    var template: ServerActivation?
    /// The activation code the back office issued.
    var pendingCode: String?
    /// The layer-2 details the device sent.
    var receivedDetails: ServerActivation.DeviceRegistration?

    init(
        server: ServerActivation?, signer: (any RequestSigner)?, masterKey: NISTP256.Signing.PrivateKey,
        applicationKey: String, applicationSecret: String,
        nowMillis: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970 * 1000) }
    ) {
        self.server = server
        self.signer = signer
        self.masterKey = masterKey
        self.applicationKey = applicationKey
        self.applicationSecret = applicationSecret
        self.nowMillis = nowMillis
    }

    func setFault(_ fault: Fault?) { self.fault = fault }

    /// The back office's `init`: a CREATED activation waiting for `code` (and `otp`, checked at the key exchange),
    /// with the template's id and server keys.
    func prepare(code: String, otp: String? = nil, template: ServerActivation) {
        pendingCode = code
        var created = template
        created.devicePublicKey = Data()
        created.tokens = []
        created.counters = ServerCounterState(
            ctrData: nil, maxFailedAttempts: template.counters.maxFailedAttempts, status: .created)
        created.registration = ActivationRegistration(
            userId: "double", applicationId: "double", activationCode: code, activationSignature: "",
            commitPhase: .onKeyExchange, activationOtp: otp,
            expiresMillis: nowMillis() + ServerActivation.defaultActivationValidityMillis, createdMillis: nowMillis())
        self.template = created
    }

    func send(_ request: HTTPExchange.Request) async throws(HTTPClientError) -> HTTPExchange.Response {
        guard !request.isAbsolute, let path = request.head.path else {
            throw HTTPClientError(.invalidRequest, "double: unexpected request")
        }
        let body = request.body
        let url = URL(string: "https://double.test" + path)!
        var headers = request.head.headerFields
        var signature: HTTPField?
        if case .basic = request.kind {
        } else {
            guard let signer else { throw HTTPClientError(.signingFailed, "no signer") }
            let header: HTTPField
            do {
                header = try await signer.authorization(
                    for: RequestSigningInput(
                        method: request.head.method, url: url, body: body, kind: request.kind,
                        signing: request.signing))
            } catch let error as HTTPClientError {
                throw error
            } catch {
                throw HTTPClientError(.signingFailed, "signing failed: \(error)")
            }
            headers[fields: header.name] = [header]
            signature = header
        }
        var (status, answer) = answer(path: path, body: body, headers: headers)
        if case .errorEnvelope(let code, let serverCode, let message) = fault {
            status = code
            answer = Self.errorBody(serverCode, message)
        }
        if case .errorEnvelopeOn(path, let code, let serverCode, let message) = fault {
            status = code
            answer = Self.errorBody(serverCode, message)
        }
        if case .replayPrevious = fault, let previous = lastAnswers[path] {
            answer = previous
        } else if status == 200 {
            lastAnswers[path] = answer
        }
        if let signature { await signer?.requestFinished(signature, statusCode: status) }
        exchanges.append(Exchange(path: path, body: body, headers: headers, status: status))
        return HTTPExchange.Response(url: url, statusCode: status, body: answer)
    }

    /// Routes one request.
    func answer(path: String, body: Data, headers: HTTPFields) -> (Int, Data) {
        do {
            switch path {
            case EndpointPaths.PowerAuth.v3.activationStatus: return try status(body)
            case EndpointPaths.PowerAuth.v3.activationRemove: return try remove(body, headers: headers)
            case EndpointPaths.PowerAuth.v3.tokenRemove: return try removeToken(body, headers: headers)
            default: return try encryptedRoute(path: path, body: body, headers: headers)
            }
        } catch {
            return (400, Self.errorBody("ERR_GENERIC", "double: \(error)"))
        }
    }

    static func errorBody(_ code: String, _ message: String) -> Data {
        json(["status": "ERROR", "responseObject": ["code": code, "message": message]])
    }

    static func ok(_ object: [String: Any]) -> Data {
        json(["status": "OK", "responseObject": object])
    }

    static func json(_ object: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }

    static func requestObject(_ body: Data) throws -> [String: Any] {
        guard let outer = try JSONSerialization.jsonObject(with: body) as? [String: Any],
            let inner = outer["requestObject"] as? [String: Any]
        else { throw DoubleError("no requestObject") }
        return inner
    }

    /// Checks the signature header with `authentication` over the exact body, recording the outcome as the server
    /// does.
    func verified(
        _ headers: HTTPFields, _ authentication: ServerSignatureAuthentication, body: Data
    ) throws -> Bool {
        guard var activation = server, let value = headers[AuthorizationHeader.name] else { return false }
        let header = try ServerSignatureAuthentication.header(value)
        let result = try authentication.verify(header, body: body, activation: &activation, nowMillis: nowMillis())
        server = activation
        return result.isValid
    }

    // MARK: plain routes

    func status(_ body: Data) throws -> (Int, Data) {
        let object = try Self.requestObject(body)
        guard let id = object["activationId"] as? String, let challengeText = object["challenge"] as? String,
            let challenge = Data(base64Encoded: challengeText)
        else { return (400, Self.errorBody("ERR_ACTIVATION", "POWER_AUTH_ACTIVATION_INVALID")) }
        let known: ServerActivation? =
            if case .randomStatusBlob = fault { nil } else { server?.activationId == id ? server : nil }
        let (blob, nonce) = try ServerStatusFlow().answer(known, challenge: challenge)
        return (
            200,
            Self.ok([
                "activationId": id, "encryptedStatusBlob": blob.base64EncodedString(),
                "nonce": nonce?.base64EncodedString() ?? "",
            ])
        )
    }

    func remove(_ body: Data, headers: HTTPFields) throws -> (Int, Data) {
        guard
            try verified(
                headers,
                ServerSignatureAuthentication(
                    uriId: EndpointPaths.PowerAuth.activationRemoveURIId,
                    allowed: ServerSignatureAuthentication.twoOrMoreFactors), body: body)
        else {
            return (401, Self.errorBody("ERR_AUTHENTICATION", "POWER_AUTH_SIGNATURE_INVALID"))
        }
        server?.remove(nowMillis: nowMillis())
        return (200, Self.ok(["activationId": server?.activationId ?? ""]))
    }

    func removeToken(_ body: Data, headers: HTTPFields) throws -> (Int, Data) {
        guard
            try verified(
                headers,
                ServerSignatureAuthentication(
                    uriId: EndpointPaths.PowerAuth.tokenRemoveURIId,
                    allowed: ServerSignatureAuthentication.anyPossessionFactor), body: body)
        else {
            return (401, Self.errorBody("ERR_AUTHENTICATION", "POWER_AUTH_TOKEN_ERROR"))
        }
        let id = try Self.requestObject(body)["tokenId"] as? String ?? ""
        if var activation = server {
            ServerTokenFlow.remove(id, from: &activation)
            server = activation
        }
        return (200, Self.ok(["tokenId": id]))
    }
}

struct DoubleError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
