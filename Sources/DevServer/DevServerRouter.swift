import Foundation
import HTTPTypes
import Hummingbird
import Logging
import MobileTokenAPI
import NIOConcurrencyHelpers
import NIOCore

/// The request context of the routes: the server, the request as the handlers see it, and where the route
/// leaves its answer.
struct DevServerContext: RequestContext {
    /// What a context is made from.
    struct Source: RequestContextSource {
        let logger: Logger
        let server: DevServer
        let request: ServerRequest
        let answer: AnswerSlot
    }

    var coreContext: CoreRequestContextStorage
    /// The server, the request and the answer slot.
    let source: Source

    init(source: Source) {
        coreContext = .init(source: source)
        self.source = source
    }
}

/// Where a route leaves its `ServerResponse`: the router answers with Hummingbird types, the server logic with
/// its own, so the route's answer is read back from here (a route that matched always fills it).
final class AnswerSlot: Sendable {
    private let box = NIOLockedValueBox<ServerResponse?>(nil)

    var response: ServerResponse? {
        get { box.withLockedValue { $0 } }
        set { box.withLockedValue { $0 = newValue } }
    }
}

/// The endpoints of `qrauth serve`, resolved by Hummingbird's router (design.md); the handlers are the
/// `DevServer` methods, which take and give stack-independent `ServerRequest`/`ServerResponse` values.
enum DevServerRoutes {
    /// The handler of one endpoint; `id` is the `{id}` path parameter where the path has one.
    typealias Handler = @Sendable (DevServer, ServerRequest, _ id: String) throws(APIFailure) -> ServerResponse

    static let responder: RouterResponder<DevServerContext> = {
        let router = Router(context: DevServerContext.self)
        // Mobile Token API (POST only; other methods fall through to `unmatched`).
        add(router, .post, RouterPath(EndpointPaths.MobileToken.operationList)) {
            server, request, _ throws(APIFailure) in
            try server.listOperations(request)
        }
        add(router, .post, RouterPath(EndpointPaths.MobileToken.operationHistory)) {
            server, request, _ throws(APIFailure) in
            try server.operationHistory(request)
        }
        add(router, .post, RouterPath(EndpointPaths.MobileToken.operationDetail)) {
            server, request, _ throws(APIFailure) in
            try server.operationDetail(request, claim: false)
        }
        add(router, .post, RouterPath(EndpointPaths.MobileToken.operationClaim)) {
            server, request, _ throws(APIFailure) in
            try server.operationDetail(request, claim: true)
        }
        add(router, .post, RouterPath(EndpointPaths.MobileToken.operationAuthorize)) {
            server, request, _ throws(APIFailure) in
            try server.authorizeOperation(request)
        }
        add(router, .post, RouterPath(EndpointPaths.MobileToken.operationCancel)) {
            server, request, _ throws(APIFailure) in
            try server.rejectOperation(request)
        }
        add(router, .post, RouterPath(EndpointPaths.MobileToken.echo)) { server, request, _ throws(APIFailure) in
            try server.echo(request)
        }
        // The enrollment server's /pa/v3 API and the encrypted echo.
        add(router, .post, RouterPath(EndpointPaths.PowerAuth.v3.keystoreCreate)) {
            server, request, _ throws(APIFailure) in
            try server.createTemporaryKey(request)
        }
        addAsync(router, .post, RouterPath(EndpointPaths.PowerAuth.v3.activationCreate)) {
            server, request throws(APIFailure) in
            try await server.createActivation(request)
        }
        add(router, .post, RouterPath(EndpointPaths.PowerAuth.v3.activationStatus)) {
            server, request, _ throws(APIFailure) in
            try server.activationStatusBlob(request)
        }
        add(router, .post, RouterPath(EndpointPaths.PowerAuth.v3.activationRemove)) {
            server, request, _ throws(APIFailure) in
            try server.removeActivationSigned(request)
        }
        addAsync(router, .post, RouterPath(EndpointPaths.PowerAuth.v3.tokenCreate)) {
            server, request throws(APIFailure) in
            try await server.createToken(request)
        }
        add(router, .post, RouterPath(EndpointPaths.PowerAuth.v3.tokenRemove)) {
            server, request, _ throws(APIFailure) in
            try server.removeToken(request)
        }
        addAsync(router, .post, RouterPath(EndpointPaths.PowerAuth.echoApplication)) {
            server, request throws(APIFailure) in
            try await server.encryptedEchoApplication(request)
        }
        addAsync(router, .post, RouterPath(EndpointPaths.PowerAuth.echoActivation)) {
            server, request throws(APIFailure) in
            try await server.encryptedEchoActivation(request)
        }
        // /app/init answers every method itself (405 for all but GET).
        for path in ["/app/init", "/app/init/public-key"] {
            for method in [HTTPRequest.Method.get, .post, .put, .delete, .patch, .head, .options] {
                add(router, method, RouterPath(path)) { server, request, _ in server.appInit(request) }
            }
        }
        // The admin API (only with `adminEnabled`).
        add(router, .post, "/admin/operations", admin: true) { server, request, _ throws(APIFailure) in
            try server.createOperation(server.adminRequest(request, as: CreateOperationRequest.self))
        }
        add(router, .get, "/admin/operations", admin: true) { server, _, _ in server.listAdminOperations() }
        add(router, .get, "/admin/operations/{id}", admin: true) { server, _, id throws(APIFailure) in
            try server.adminOperation(id)
        }
        add(router, .post, "/admin/operations/{id}/cancel", admin: true) { server, _, id throws(APIFailure) in
            try server.cancelOperation(id)
        }
        add(router, .post, "/admin/offline-operations", admin: true) { server, request, _ throws(APIFailure) in
            try server.createOfflineOperation(server.adminRequest(request, as: CreateOfflineOperationRequest.self))
        }
        add(router, .get, "/admin/offline-operations", admin: true) { server, _, _ in
            server.listOfflineOperations()
        }
        add(router, .post, "/admin/offline-operations/{id}/verify", admin: true) {
            server, request, id throws(APIFailure) in
            try server.verifyOfflineCode(id, body: server.adminRequest(request, as: VerifyOfflineCodeRequest.self))
        }
        add(router, .get, "/admin/activations", admin: true) { server, _, _ in server.listAdminActivations() }
        add(router, .post, "/admin/activations/{id}/unblock", admin: true) { server, _, id throws(APIFailure) in
            try server.unblock(id)
        }
        add(router, .post, "/admin/activations/init", admin: true) { server, request, _ throws(APIFailure) in
            try server.adminInitActivation(request)
        }
        add(router, .post, "/admin/activations/commit", admin: true) { server, request, _ throws(APIFailure) in
            try server.adminCommitActivation(request)
        }
        add(router, .post, "/admin/reset", admin: true) { server, _, _ throws(APIFailure) in try server.reset() }
        // The back-office REST API (only with `backOffice`; POST only, as on the real server).
        for route in BackOfficeRoutes.all {
            router.on(RouterPath(route.path), method: .post) { _, context -> HTTPResponse.Status in
                context.source.answer.response = context.source.server.backOfficeResponse(
                    to: context.source.request, route: route)
                return .ok
            }
        }
        return router.buildResponder()
    }()

    /// Registers `handler`; its answer, or its failure as an error envelope, goes to the context's slot.
    private static func add(
        _ router: Router<DevServerContext>, _ method: HTTPRequest.Method, _ path: RouterPath, admin: Bool = false,
        _ handler: @escaping Handler
    ) {
        router.on(path, method: method) { _, context -> HTTPResponse.Status in
            let server = context.source.server
            let request = context.source.request
            let id = context.parameters.get("id").map { String($0) } ?? ""
            do throws(APIFailure) {
                guard !admin || server.adminEnabled else {
                    throw APIFailure(.notFound, "no such endpoint: \(request.path)")
                }
                context.source.answer.response = try handler(server, request, id)
            } catch {
                context.source.answer.response = server.failure(error, for: request)
            }
            return .ok
        }
    }

    /// Registers an `async` handler (the `/pa/v3` ones that consult the replay guard).
    private static func addAsync(
        _ router: Router<DevServerContext>, _ method: HTTPRequest.Method, _ path: RouterPath,
        _ handler: @escaping @Sendable (DevServer, ServerRequest) async throws(APIFailure) -> ServerResponse
    ) {
        router.on(path, method: method) { _, context -> HTTPResponse.Status in
            let server = context.source.server
            let request = context.source.request
            do throws(APIFailure) {
                context.source.answer.response = try await handler(server, request)
            } catch {
                context.source.answer.response = server.failure(error, for: request)
            }
            return .ok
        }
    }

    /// The answer when no route matched: the error envelopes the emulator always gave.
    static func unmatched(_ server: DevServer, _ request: ServerRequest) -> ServerResponse {
        let path = request.path
        let failure: APIFailure
        if path.hasPrefix(BackOfficeRoutes.prefix), server.servesBackOffice(on: request.listener) {
            return server.backOfficeResponse(to: request, route: nil)
        } else if path.hasPrefix("/admin/") || path == "/admin" {
            failure =
                server.adminEnabled
                ? APIFailure(.notFound, "no admin endpoint \(request.method) \(path)")
                : APIFailure(.notFound, "no such endpoint: \(path)")
        } else if path == "/app/init" || path == "/app/init/public-key" {
            return server.appInit(request)
        } else if request.method != "POST" {
            failure = APIFailure(.notFound, "no \(request.method) endpoint \(path); the Mobile Token API uses POST")
        } else {
            failure = APIFailure(.notFound, "no such endpoint: \(path)")
        }
        return server.failure(failure, for: request)
    }
}
