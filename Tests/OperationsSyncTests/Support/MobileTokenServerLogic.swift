import Foundation
import HTTPTypes
import MobileTokenAPI
import NIOConcurrencyHelpers
import OfflineOperations
import OperationsSync
import PowerAuth
import QRAuthEncoding

/// The server side of the Mobile Token API for tests: checks token headers (`ServerTokenAuthentication`: digest,
/// window, replay) and signatures (`ServerSignatureAuthentication`: look-ahead) and answers with the real envelopes. Thread-safe (one lock), so
/// both the in-process fake and a real TLS loopback server use it.
final class MobileTokenServerLogic: Sendable {
    struct State {
        var activation: ServerActivation
        var operations: [String: Data] = [:]
        var order: [String] = []
        var failures: [String: Int] = [:]
        var seenNonces: Set<String> = []
    }

    private let box: NIOLockedValueBox<State>
    let now: @Sendable () -> Date

    init(activation: ServerActivation, now: @escaping @Sendable () -> Date = { Date() }) {
        box = NIOLockedValueBox(State(activation: activation))
        self.now = now
    }

    var state: State { box.withLockedValue { $0 } }

    func add(id: String, data: String = "A1*A100CZK", variants: [String] = ["possession_knowledge"]) {
        let json = """
            {"id":"\(id)","name":"authorize_payment","data":"\(data)","status":"PENDING",\
            "operationCreated":"2026-11-22T07:00:00+0000","operationExpires":"2026-11-22T07:05:00+0000",\
            "allowedSignatureType":{"type":"2FA","variants":[\(variants.map { "\"\($0)\"" }.joined(separator: ","))]},\
            "formData":{"title":"Pay","message":"Please confirm","attributes":[]},"futureField":{"x":1}}
            """
        box.withLockedValue {
            $0.operations[id] = Data(json.utf8)
            $0.order.append(id)
        }
    }

    func handle(path: String, body: Data, headers: HTTPFields) -> (Int, Data, Int?) {
        box.withLockedValue { state in Self.handle(&state, path: path, body: body, headers: headers, now: now()) }
    }

    private static func error(_ code: ServerErrorCode) -> (Int, Data, Int?) {
        let envelope = ResponseEnvelope<EmptyPayload>(
            .error(ServerErrorBody(code: code.rawValue, message: code.rawValue)))
        return (code.httpStatus, (try? JSONEncoder().encode(envelope)) ?? Data(), nil)
    }

    private static func handle(
        _ state: inout State, path: String, body: Data, headers: HTTPFields, now: Date
    ) -> (Int, Data, Int?) {
        let id = (try? JSONDecoder().decode(RequestEnvelope<OperationIdRequest>.self, from: body))?.requestObject?.id
        let timestamp = "\"currentTimestamp\":\"2026-11-22T07:00:10+0000\""
        switch path {
        case EndpointPaths.MobileToken.operationList:
            guard checkToken(&state, headers, now: now) else { return Self.error(.powerAuthFailed) }
            let list = state.order.compactMap { state.operations[$0] }.map { String(decoding: $0, as: UTF8.self) }
            return (
                200, Data("{\"status\":\"OK\",\(timestamp),\"responseObject\":[\(list.joined(separator: ","))]}".utf8),
                nil
            )
        case EndpointPaths.MobileToken.operationDetail, EndpointPaths.MobileToken.operationClaim:
            guard checkToken(&state, headers, now: now) else { return Self.error(.powerAuthFailed) }
            guard let id, let operation = state.operations[id] else { return Self.error(.invalidOperation) }
            return (
                200,
                Data(
                    "{\"status\":\"OK\",\(timestamp),\"responseObject\":\(String(decoding: operation, as: UTF8.self))}"
                        .utf8), nil
            )
        case EndpointPaths.MobileToken.operationHistory:
            let (valid, iteration) = checkSignature(&state, headers, uriId: "/operation/history", body: body)
            guard valid else { return Self.error(.powerAuthFailed) }
            return (200, Data(#"{"status":"OK","responseObject":[]}"#.utf8), iteration)
        case EndpointPaths.MobileToken.operationAuthorize, EndpointPaths.MobileToken.operationCancel:
            let uriId = path.hasSuffix("authorize") ? "/operation/authorize" : "/operation/cancel"
            guard let id, state.operations[id] != nil else { return Self.error(.operationAlreadyFinished) }
            let (valid, iteration) = checkSignature(&state, headers, uriId: uriId, body: body)
            guard valid else {
                state.failures[id, default: 0] += 1
                return Self.error(.powerAuthFailed)
            }
            state.operations[id] = nil
            state.order.removeAll { $0 == id }
            return (200, Data(#"{"status":"OK"}"#.utf8), iteration)
        case EndpointPaths.MobileToken.echo:
            let (valid, iteration) = checkSignature(&state, headers, uriId: "/custom/echo", body: body)
            guard valid else { return Self.error(.powerAuthFailed) }
            let echoed =
                (try? JSONDecoder().decode(RequestEnvelope<JSONValue>.self, from: body))?.requestObject ?? .object([:])
            return (200, (try? JSONEncoder().encode(ResponseEnvelope(.ok(echoed)))) ?? Data(), iteration)
        default:
            return Self.error(.notFound)
        }
    }

    private static func checkToken(_ state: inout State, _ headers: HTTPFields, now: Date) -> Bool {
        let activation = state.activation
        var seen = state.seenNonces
        let accepted =
            (try? ServerTokenAuthentication.standard.authenticate(
                headerValue: headers[TokenHeader.name], nowMillis: Int64(now.timeIntervalSince1970 * 1000),
                token: { id in
                    activation.tokens.first { $0.id == id }.map {
                        .init(
                            secret: $0.secret, activationId: activation.activationId, status: activation.counters.status
                        )
                    }
                },
                recordNonce: { header, _ in seen.insert(header.nonce).inserted })) != nil
        state.seenNonces = seen
        return accepted
    }

    private static func checkSignature(
        _ state: inout State, _ headers: HTTPFields, uriId: String, body: Data
    ) -> (Bool, Int?) {
        let authentication = ServerSignatureAuthentication(uriId: uriId, allowed: Set(SignatureType.allCases))
        guard let header = try? ServerSignatureAuthentication.header(headers[AuthorizationHeader.name]),
            let result = try? authentication.verify(
                header, body: body, activation: &state.activation, nowMillis: Int64(Date().timeIntervalSince1970 * 1000)
            )
        else { return (false, nil) }
        return (result.isValid, result.matchedIteration)
    }
}
