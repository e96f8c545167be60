import Foundation
import HTTPTypes
import Hummingbird
import MobileTokenAPI
import NIOCore

/// The endpoints of `qrauth serve` as one Hummingbird router per listener (design.md): a route group per area
/// (Mobile Token API, echo, enrollment `/pa/v3`, pinning `/app/init`, admin, back office `/rest`), the body
/// collected by `RequestBodyMiddleware`, what no route matched answered by `UnmatchedRouteMiddleware`, and a
/// handler's `APIFailure` thrown as an `HTTPResponseError`.
enum DevServerRoutes {
    /// The handler of one endpoint: the request as the handlers read it (`id` is the `{id}` path parameter where
    /// the path has one).
    typealias Handler = @Sendable (ServerRequest, _ id: String) async throws(APIFailure) -> ServerResponse

    /// The router of `listener`: the back-office port serves the back-office group only.
    static func router(
        _ server: DevServer, listener: DevServerListener, bodyTimeout: Duration
    ) -> Router<DevServerContext> {
        let router = Router(context: DevServerContext.self)
        router.add(middleware: RequestBodyMiddleware(timeout: bodyTimeout))
        router.add(middleware: UnmatchedRouteMiddleware(server: server, listener: listener))
        if listener == .main {
            addMobileTokenRoutes(router.group(), server)
            addEnrollmentRoutes(router.group(), server)
            addPinningRoutes(router.group(), server)
            addAdminRoutes(router.group().add(middleware: AdminGateMiddleware(enabled: server.adminEnabled)), server)
        }
        addBackOfficeRoutes(router.group(), server, listener: listener)
        return router
    }

    /// The Mobile Token API and the signed echo (POST only; other methods fall through to the unmatched answer).
    static func addMobileTokenRoutes(_ group: RouterGroup<DevServerContext>, _ server: DevServer) {
        on(group, .post, EndpointPaths.MobileToken.operationList, server) { request, _ throws(APIFailure) in
            try server.listOperations(request)
        }
        on(group, .post, EndpointPaths.MobileToken.operationHistory, server) { request, _ throws(APIFailure) in
            try server.operationHistory(request)
        }
        on(group, .post, EndpointPaths.MobileToken.operationDetail, server) { request, _ throws(APIFailure) in
            try server.operationDetail(request, claim: false)
        }
        on(group, .post, EndpointPaths.MobileToken.operationClaim, server) { request, _ throws(APIFailure) in
            try server.operationDetail(request, claim: true)
        }
        on(group, .post, EndpointPaths.MobileToken.operationAuthorize, server) { request, _ throws(APIFailure) in
            try server.authorizeOperation(request)
        }
        on(group, .post, EndpointPaths.MobileToken.operationCancel, server) { request, _ throws(APIFailure) in
            try server.rejectOperation(request)
        }
        on(group, .post, EndpointPaths.MobileToken.echo, server) { request, _ throws(APIFailure) in
            try server.echo(request)
        }
        addInboxPushAndSpawnRoutes(group, server)
    }

    /// The enrollment server's `/pa/v3` API and the encrypted echo.
    static func addEnrollmentRoutes(_ group: RouterGroup<DevServerContext>, _ server: DevServer) {
        let paths = EndpointPaths.PowerAuth.v3
        on(group, .post, paths.keystoreCreate, server) { request, _ throws(APIFailure) in
            try server.createTemporaryKey(request)
        }
        on(group, .post, paths.activationCreate, server) { request, _ throws(APIFailure) in
            try await server.createActivation(request)
        }
        on(group, .post, paths.activationStatus, server) { request, _ throws(APIFailure) in
            try server.activationStatusBlob(request)
        }
        on(group, .post, paths.activationRemove, server) { request, _ throws(APIFailure) in
            try server.removeActivationSigned(request)
        }
        on(group, .post, paths.tokenCreate, server) { request, _ throws(APIFailure) in
            try await server.createToken(request)
        }
        on(group, .post, paths.tokenRemove, server) { request, _ throws(APIFailure) in
            try server.removeToken(request)
        }
        on(group, .post, EndpointPaths.PowerAuth.echoApplication, server) { request, _ throws(APIFailure) in
            try await server.encryptedEchoApplication(request)
        }
        on(group, .post, EndpointPaths.PowerAuth.echoActivation, server) { request, _ throws(APIFailure) in
            try await server.encryptedEchoActivation(request)
        }
    }

    /// `/app/init` answers every method itself (405 for all but GET).
    static func addPinningRoutes(_ group: RouterGroup<DevServerContext>, _ server: DevServer) {
        for path in ["/app/init", "/app/init/public-key"] {
            for method in [HTTPRequest.Method.get, .post, .put, .delete, .patch, .head, .options] {
                on(group, method, path, server) { request, _ in server.appInit(request) }
            }
        }
    }

    /// The admin API (behind `AdminGateMiddleware`).
    static func addAdminRoutes(_ group: RouterGroup<DevServerContext>, _ server: DevServer) {
        on(group, .post, "/admin/operations", server) { request, _ throws(APIFailure) in
            try server.createOperation(server.adminRequest(request, as: CreateOperationRequest.self))
        }
        on(group, .get, "/admin/operations", server) { _, _ in server.listAdminOperations() }
        on(group, .get, "/admin/operations/{id}", server) { _, id throws(APIFailure) in
            try server.adminOperation(id)
        }
        on(group, .post, "/admin/operations/{id}/cancel", server) { _, id throws(APIFailure) in
            try server.cancelOperation(id)
        }
        on(group, .post, "/admin/offline-operations", server) { request, _ throws(APIFailure) in
            try server.createOfflineOperation(server.adminRequest(request, as: CreateOfflineOperationRequest.self))
        }
        on(group, .get, "/admin/offline-operations", server) { _, _ in server.listOfflineOperations() }
        on(group, .post, "/admin/offline-operations/{id}/verify", server) { request, id throws(APIFailure) in
            try server.verifyOfflineCode(id, body: server.adminRequest(request, as: VerifyOfflineCodeRequest.self))
        }
        on(group, .get, "/admin/activations", server) { _, _ in server.listAdminActivations() }
        on(group, .post, "/admin/activations/{id}/unblock", server) { _, id throws(APIFailure) in
            try server.unblock(id)
        }
        on(group, .post, "/admin/activations/init", server) { request, _ throws(APIFailure) in
            try server.adminInitActivation(request)
        }
        on(group, .post, "/admin/activations/commit", server) { request, _ throws(APIFailure) in
            try server.adminCommitActivation(request)
        }
        on(group, .post, "/admin/reset", server) { _, _ throws(APIFailure) in try server.reset() }
        addInboxAndPushAdminRoutes(group, server)
    }

    /// The back-office REST API (POST only, as on the real server); `backOfficeResponse` adds its gates (the
    /// `--backoffice` switch, the listener, Basic auth) and its error envelope.
    static func addBackOfficeRoutes(
        _ group: RouterGroup<DevServerContext>, _ server: DevServer, listener: DevServerListener
    ) {
        for route in BackOfficeRoutes.all {
            group.post(RouterPath(route.path)) { request, context -> Response in
                convert(
                    server.backOfficeResponse(
                        to: serverRequest(request, context, listener: listener), route: route))
            }
        }
    }

    /// Registers `handler`; its failure becomes the error envelope (logged as `DevServer.failure` says).
    static func on(
        _ group: RouterGroup<DevServerContext>, _ method: HTTPRequest.Method, _ path: String, _ server: DevServer,
        _ handler: @escaping Handler
    ) {
        group.on(RouterPath(path), method: method) { request, context -> Response in
            let view = serverRequest(request, context, listener: .main)
            let id = context.parameters.get("id").map { String($0) } ?? ""
            do throws(APIFailure) {
                return convert(try await handler(view, id))
            } catch {
                return convert(server.failure(error, for: view))
            }
        }
    }

    /// The request as the handlers read it: first values of headers (lower-cased names) and query items, and the
    /// body the middleware collected.
    static func serverRequest(
        _ request: Request, _ context: DevServerContext, listener: DevServerListener
    ) -> ServerRequest {
        var headers: [String: String] = [:]
        for field in request.headers where headers[field.name.canonicalName] == nil {
            headers[field.name.canonicalName] = field.value
        }
        var query: [String: String] = [:]
        for (name, value) in request.uri.queryParameters where query[String(name)] == nil {
            query[String(name)] = String(value)
        }
        return ServerRequest(
            method: request.method.rawValue, path: request.uri.path, query: query, headers: headers,
            body: context.body, listener: listener)
    }

    /// A handler's answer as a Hummingbird response.
    static func convert(_ response: ServerResponse, status: Int? = nil) -> Response {
        var fields = HTTPFields()
        for (name, value) in response.headers {
            if let fieldName = HTTPField.Name(name) { fields.append(HTTPField(name: fieldName, value: value)) }
        }
        return Response(
            status: .init(code: status ?? response.status), headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: response.body)))
    }

    /// The answer when no route matched: the error envelopes the emulator always gave.
    static func unmatched(_ server: DevServer, _ request: ServerRequest) -> ServerResponse {
        let path = request.path
        let failure: APIFailure
        if request.listener == .backOffice, !path.hasPrefix(BackOfficeRoutes.prefix) {
            // The back-office listener serves the back-office API only.
            failure = APIFailure(.notFound, "no such endpoint: \(path)")
        } else if path.hasPrefix(BackOfficeRoutes.prefix), server.servesBackOffice(on: request.listener) {
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
