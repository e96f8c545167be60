import FoundationEssentials
import HTTPTypes
import Hummingbird
import MobileTokenAPI

/// The endpoints of `qrauth serve` as one Hummingbird router per listener (design.md): a route group per area, each
/// registered by the area's own type (`MobileTokenService`: Mobile Token API and echo; `EnrollmentService`: `/pa/v3`
/// and the encrypted echo; `PinningService`: `/app/init`; `AdminService`; `BackOfficeService`: `/rest`), the listener
/// and body noted by `RequestBodyMiddleware`, what no route matched answered by `UnmatchedRouteMiddleware` (which
/// also logs the refusals that matter). Handlers take Hummingbird's `Request` and `DevServerContext` and return a
/// `Response`; a thrown `APIFailure` is an `HTTPResponseError` the router turns into the error envelope.
enum DevServerRoutes {
    /// The router of `listener`: the back-office port serves the back-office group only.
    static func router(
        _ server: DevServer, listener: DevServerListener, bodyTimeout: Duration
    ) -> Router<DevServerContext> {
        let router = Router(context: DevServerContext.self)
        router.add(middleware: RequestBodyMiddleware(timeout: bodyTimeout, listener: listener))
        router.add(middleware: UnmatchedRouteMiddleware(server: server))
        if listener == .main {
            server.mobileTokenService.addRoutes(to: router.group())
            server.enrollmentService.addRoutes(to: router.group())
            server.pinningService.addRoutes(to: router.group())
            server.adminService.addRoutes(
                to: router.group().add(middleware: AdminGateMiddleware(enabled: server.adminEnabled)))
        }
        server.backOfficeService.addRoutes(to: router.group())
        return router
    }

    /// The answer when no route matched: the error envelopes the emulator always gave.
    static func unmatched(_ server: DevServer, _ request: Request, _ context: DevServerContext) throws -> Response {
        let path = request.uri.path
        let method = request.method.rawValue
        if context.listener == .backOffice, !path.hasPrefix(BackOfficeRoutes.prefix) {
            // The back-office listener serves the back-office API only.
            throw APIFailure(.notFound, "no such endpoint: \(path)")
        } else if path.hasPrefix(BackOfficeRoutes.prefix),
            server.backOfficeService.servesBackOffice(on: context.listener)
        {
            return try server.backOfficeService.backOfficeResponse(to: request, context, route: nil)
        } else if path.hasPrefix("/admin/") || path == "/admin" {
            throw
                server.adminEnabled
                ? APIFailure(.notFound, "no admin endpoint \(method) \(path)")
                : APIFailure(.notFound, "no such endpoint: \(path)")
        } else if path == "/app/init" || path == "/app/init/public-key" {
            return try server.pinningService.appInit(request)
        } else if request.method != .post {
            throw APIFailure(.notFound, "no \(method) endpoint \(path); the Mobile Token API uses POST")
        } else {
            throw APIFailure(.notFound, "no such endpoint: \(path)")
        }
    }
}
