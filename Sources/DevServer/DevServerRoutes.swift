import Foundation
import HTTPTypes
import Hummingbird
import MobileTokenAPI

/// The endpoints of `qrauth serve` as one Hummingbird router per listener (design.md): a route group per area
/// (Mobile Token API, echo, enrollment `/pa/v3`, pinning `/app/init`, admin, back office `/rest`), the listener and
/// body noted by `RequestBodyMiddleware`, what no route matched answered by `UnmatchedRouteMiddleware`. Handlers
/// take Hummingbird's `Request` and `DevServerContext` and return a `Response`; a thrown `APIFailure` is an
/// `HTTPResponseError` the router turns into the error envelope (`FailureLogMiddleware` logs the ones that matter).
enum DevServerRoutes {
    /// The router of `listener`: the back-office port serves the back-office group only.
    static func router(
        _ server: DevServer, listener: DevServerListener, bodyTimeout: Duration
    ) -> Router<DevServerContext> {
        let router = Router(context: DevServerContext.self)
        router.add(middleware: RequestBodyMiddleware(timeout: bodyTimeout, listener: listener))
        router.add(middleware: FailureLogMiddleware(logger: server.logger))
        router.add(middleware: UnmatchedRouteMiddleware(server: server))
        if listener == .main {
            addMobileTokenRoutes(router.group(), server)
            addEnrollmentRoutes(router.group(), server)
            addPinningRoutes(router.group(), server)
            addAdminRoutes(router.group().add(middleware: AdminGateMiddleware(enabled: server.adminEnabled)), server)
        }
        addBackOfficeRoutes(router.group(), server)
        return router
    }

    /// The Mobile Token API and the signed echo (POST only; other methods fall through to the unmatched answer).
    static func addMobileTokenRoutes(_ group: RouterGroup<DevServerContext>, _ server: DevServer) {
        let paths = EndpointPaths.MobileToken.self
        group.post(RouterPath(paths.operationList)) { try await server.listOperations($0, $1) }
        group.post(RouterPath(paths.operationHistory)) { try await server.operationHistory($0, $1) }
        group.post(RouterPath(paths.operationDetail)) { try await server.operationDetail($0, $1, claim: false) }
        group.post(RouterPath(paths.operationClaim)) { try await server.operationDetail($0, $1, claim: true) }
        group.post(RouterPath(paths.operationAuthorize)) { try await server.authorizeOperation($0, $1) }
        group.post(RouterPath(paths.operationCancel)) { try await server.rejectOperation($0, $1) }
        group.post(RouterPath(paths.echo)) { try await server.echo($0, $1) }
    }

    /// The enrollment server's `/pa/v3` API and the encrypted echo.
    static func addEnrollmentRoutes(_ group: RouterGroup<DevServerContext>, _ server: DevServer) {
        let paths = EndpointPaths.PowerAuth.v3
        group.post(RouterPath(paths.keystoreCreate)) { try await server.createTemporaryKey($0, $1) }
        group.post(RouterPath(paths.activationCreate)) { try await server.createActivation($0, $1) }
        group.post(RouterPath(paths.activationStatus)) { try await server.activationStatusBlob($0, $1) }
        group.post(RouterPath(paths.activationRemove)) { try await server.removeActivationSigned($0, $1) }
        group.post(RouterPath(paths.tokenCreate)) { try await server.createToken($0, $1) }
        group.post(RouterPath(paths.tokenRemove)) { try await server.removeToken($0, $1) }
        group.post(RouterPath(EndpointPaths.PowerAuth.echoApplication)) {
            try await server.encryptedEchoApplication($0, $1)
        }
        group.post(RouterPath(EndpointPaths.PowerAuth.echoActivation)) {
            try await server.encryptedEchoActivation($0, $1)
        }
    }

    /// `/app/init` answers every method itself (405 for all but GET).
    static func addPinningRoutes(_ group: RouterGroup<DevServerContext>, _ server: DevServer) {
        for path in ["/app/init", "/app/init/public-key"] {
            for method in [HTTPRequest.Method.get, .post, .put, .delete, .patch, .head, .options] {
                group.on(RouterPath(path), method: method) { request, _ in try server.appInit(request) }
            }
        }
    }

    /// The admin API (behind `AdminGateMiddleware`).
    static func addAdminRoutes(_ group: RouterGroup<DevServerContext>, _ server: DevServer) {
        group.post("/admin/operations") { request, context in
            try server.createOperation(await server.adminRequest(request, context, as: CreateOperationRequest.self))
        }
        group.get("/admin/operations") { _, _ in server.listAdminOperations() }
        group.get("/admin/operations/{id}") { _, context in try server.adminOperation(id(context)) }
        group.post("/admin/operations/{id}/cancel") { _, context in try server.cancelOperation(id(context)) }
        group.post("/admin/offline-operations") { request, context in
            try server.createOfflineOperation(
                await server.adminRequest(request, context, as: CreateOfflineOperationRequest.self))
        }
        group.get("/admin/offline-operations") { _, _ in server.listOfflineOperations() }
        group.post("/admin/offline-operations/{id}/verify") { request, context in
            try server.verifyOfflineCode(
                id(context), body: await server.adminRequest(request, context, as: VerifyOfflineCodeRequest.self))
        }
        group.get("/admin/activations") { _, _ in server.listAdminActivations() }
        group.post("/admin/activations/{id}/unblock") { _, context in try server.unblock(id(context)) }
        group.post("/admin/activations/init") { try await server.adminInitActivation($0, $1) }
        group.post("/admin/activations/commit") { try await server.adminCommitActivation($0, $1) }
        group.post("/admin/reset") { _, _ in try server.reset() }
    }

    /// The back-office REST API (POST only, as on the real server); `backOfficeResponse` adds its gates (the
    /// `--backoffice` switch, the listener, Basic auth) and its error envelope.
    static func addBackOfficeRoutes(_ group: RouterGroup<DevServerContext>, _ server: DevServer) {
        for route in BackOfficeRoutes.all {
            group.post(RouterPath(route.path)) { try server.backOfficeResponse(to: $0, $1, route: route) }
        }
    }

    /// The `{id}` path parameter.
    private static func id(_ context: DevServerContext) -> String {
        context.parameters.get("id").map { String($0) } ?? ""
    }

    /// The answer when no route matched: the error envelopes the emulator always gave.
    static func unmatched(_ server: DevServer, _ request: Request, _ context: DevServerContext) throws -> Response {
        let path = request.uri.path
        let method = request.method.rawValue
        if context.listener == .backOffice, !path.hasPrefix(BackOfficeRoutes.prefix) {
            // The back-office listener serves the back-office API only.
            throw APIFailure(.notFound, "no such endpoint: \(path)")
        } else if path.hasPrefix(BackOfficeRoutes.prefix), server.servesBackOffice(on: context.listener) {
            return try server.backOfficeResponse(to: request, context, route: nil)
        } else if path.hasPrefix("/admin/") || path == "/admin" {
            throw
                server.adminEnabled
                ? APIFailure(.notFound, "no admin endpoint \(method) \(path)")
                : APIFailure(.notFound, "no such endpoint: \(path)")
        } else if path == "/app/init" || path == "/app/init/public-key" {
            return try server.appInit(request)
        } else if request.method != .post {
            throw APIFailure(.notFound, "no \(method) endpoint \(path); the Mobile Token API uses POST")
        } else {
            throw APIFailure(.notFound, "no such endpoint: \(path)")
        }
    }
}
