import Hummingbird
import Logging

/// What no route matched (Hummingbird's `NotFoundResponder` throws a 404 `HTTPError`): the emulator's own answers,
/// by area (`DevServerRoutes.unmatched`).
struct UnmatchedRouteMiddleware: RouterMiddleware {
    typealias Context = DevServerContext

    let server: DevServer

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            return try DevServerRoutes.unmatched(server, request, context)
        }
    }
}

/// Logs the `APIFailure`s that point at a bug or an attack (`APIFailure.isLogged`) with the server's logger, then
/// lets the router answer them.
struct FailureLogMiddleware: RouterMiddleware {
    typealias Context = DevServerContext

    let logger: Logger

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIFailure where error.isLogged {
            logger.info(
                "request refused",
                metadata: ["path": "\(request.uri.path)", "code": "\(error.codeText)", "message": "\(error.message)"])
            throw error
        }
    }
}
