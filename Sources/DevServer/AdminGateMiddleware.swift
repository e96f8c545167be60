import Hummingbird
import MobileTokenAPI

/// The admin group answers only with `--admin`; otherwise its paths are unknown (404 `ERROR_NOT_FOUND`).
struct AdminGateMiddleware: RouterMiddleware {
    typealias Context = DevServerContext

    let enabled: Bool

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard enabled else { throw APIFailure(.notFound, "no such endpoint: \(request.uri.path)") }
        return try await next(request, context)
    }
}
