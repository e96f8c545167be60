import Hummingbird
import Logging

/// The emulator's own answers around the routes: what no route matched (Hummingbird's `NotFoundResponder` throws a
/// 404 `HTTPError`) is answered by area (`DevServerRoutes.unmatched`), and the `APIFailure`s that point at a bug or
/// an attack (`APIFailure.isLogged`) are logged with the server's logger before the router answers them.
struct UnmatchedRouteMiddleware: RouterMiddleware {
    typealias Context = DevServerContext

    let server: DevServer

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            do {
                return try await next(request, context)
            } catch let error as HTTPError where error.status == .notFound {
                return try DevServerRoutes.unmatched(server, request, context)
            }
        } catch let error as APIFailure where error.isLogged {
            server.logger.info(
                "request refused",
                metadata: ["path": "\(request.uri.path)", "code": "\(error.codeText)", "message": "\(error.message)"])
            throw error
        }
    }
}
