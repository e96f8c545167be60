import FoundationEssentials
import HTTPTypes
import Hummingbird
import MobileTokenAPI
import NIOCore

/// Notes the listener and collects the whole request body into the context before the routes run: over `DevServer.maximumBodySize` is
/// 413, still incomplete after `timeout` is 408 with `Connection: close` (the header timeout ends once the head is
/// in, so without this a client trickling its body would hold a connection, and a task, for as long as it liked).
struct RequestBodyMiddleware: RouterMiddleware {
    typealias Context = DevServerContext

    /// How long the body may take to arrive once the head is in.
    let timeout: Duration
    /// The listener this router serves.
    let listener: DevServerListener

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        switch await Self.collectBody(of: request, timeout: timeout) {
        case .body(let buffer):
            var context = context
            context.listener = listener
            context.body = Data(buffer.readableBytesView)
            var request = request
            request.body = RequestBody(buffer: buffer)
            return try await next(request, context)
        case .tooLarge:
            var response = APIFailure(.invalidRequest, "the request body is larger than 1 MiB").envelope()
            response.status = .contentTooLarge
            return response
        case .timedOut:
            // The connection is closed after this answer: the rest of the body may still be on its way.
            var response = APIFailure(.invalidRequest, "the request body did not arrive in time").envelope()
            response.status = .requestTimeout
            response.headers[.connection] = "close"
            return response
        }
    }

    enum BodyOutcome: Sendable {
        case body(ByteBuffer)
        case tooLarge
        case timedOut
    }

    /// The whole body, unless it is over the size limit or still incomplete after `timeout`.
    static func collectBody(of request: Request, timeout: Duration) async -> BodyOutcome {
        await withTaskGroup(of: BodyOutcome?.self) { group in
            group.addTask {
                var request = request
                do {
                    return .body(try await request.collectBody(upTo: DevServer.maximumBodySize))
                } catch {
                    return Task.isCancelled ? nil : .tooLarge
                }
            }
            group.addTask {
                do {
                    try await Task.sleep(for: timeout)
                    return .timedOut
                } catch {
                    return nil
                }
            }
            var outcome = BodyOutcome.timedOut
            for await result in group {
                if let result {
                    outcome = result
                    break
                }
            }
            group.cancelAll()
            return outcome
        }
    }
}
