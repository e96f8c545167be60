import Hummingbird

/// What no route matched (Hummingbird's `NotFoundResponder` throws a 404 `HTTPError`): the emulator's own answers,
/// by area (`DevServerRoutes.unmatched`).
struct UnmatchedRouteMiddleware: RouterMiddleware {
    typealias Context = DevServerContext

    let server: DevServer
    let listener: DevServerListener

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            return DevServerRoutes.convert(
                DevServerRoutes.unmatched(server, DevServerRoutes.serverRequest(request, context, listener: listener)))
        }
    }
}
