import FoundationEssentials
import Hummingbird
import Logging
import MobileTokenAPI

/// The PowerAuth server's back-office REST API (`/rest/v3/...`, with a `BackOfficeConfiguration`): the gates every
/// route shares and the handlers of `BackOfficeRoutes`.
package struct BackOfficeService: Sendable {
    let store: DevServerStore
    let clock: EmulatorClock
    let logger: Logger
    let activations: ActivationService
    /// The configuration; nil: off (404), as `--admin` is.
    let backOffice: BackOfficeConfiguration?

    /// A copy of the current state.
    var state: DevServerState { store.snapshot }

    /// The offline-signature endpoints.
    var offline: BackOfficeOfflineService { BackOfficeOfflineService(store: store, clock: clock) }

    /// Registers the back-office routes (POST only, as on the real server); `backOfficeResponse` adds the gates
    /// (the `--backoffice` switch, the listener, Basic auth) and the error envelope.
    func addRoutes(to group: RouterGroup<DevServerContext>) {
        for route in BackOfficeRoutes.all {
            group.post(RouterPath(route.path)) { try backOfficeResponse(to: $0, $1, route: route) }
        }
    }
}

extension BackOfficeService {
    /// Whether the back-office API answers on `listener`: it is on, and on its own port when it has one.
    func servesBackOffice(on listener: DevServerListener) -> Bool {
        guard let backOffice else { return false }
        return backOffice.separateListener == (listener == .backOffice)
    }

    /// Answers a back-office call: off or on the wrong listener, the emulator's 404; then Basic auth (401
    /// `ERR_AUTHENTICATION` when configured and the login is missing or wrong); then the route (`nil`: no such
    /// endpoint, 404 `ERROR_NOT_FOUND`), its failures as the back-office error envelope. The `Authorization`
    /// header is never logged.
    func backOfficeResponse(
        to request: Request, _ context: DevServerContext, route: BackOfficeRoute?
    ) throws(APIFailure) -> Response {
        guard let backOffice, servesBackOffice(on: context.listener) else {
            throw APIFailure(.notFound, "no such endpoint: \(request.uri.path)")
        }
        if let credentials = backOffice.credentials,
            !credentials.accepts(authorization: request.header("Authorization"))
        {
            logger.info(
                "back-office call refused: no or wrong Basic login",
                metadata: ["path": "\(DevServer.loggable(request.uri.path))"])
            return BackOfficeEnvelope.failure(BackOfficeFailure(.authentication, "Authentication failed"))
        }
        guard let route else {
            return BackOfficeEnvelope.failure(
                BackOfficeFailure(.notFound, "no back-office endpoint \(request.method.rawValue) \(request.uri.path)"))
        }
        do throws(BackOfficeFailure) {
            return try route.handler(self, request, context)
        } catch {
            if error.code == .unknown {
                logger.warning(
                    "back-office call failed",
                    metadata: [
                        "path": "\(DevServer.loggable(request.uri.path))",
                        "message": "\(DevServer.loggable(error.message))",
                    ])
            }
            return BackOfficeEnvelope.failure(error)
        }
    }
}

extension DevServerStore {
    /// `transaction` for back-office handlers: the state under the lock, persisted before the lock is released. A
    /// change over a state bound (a record too large to store, a full state file) is refused as the PowerAuth server
    /// refuses a request it will not take, `ERR0024` (HTTP 400, the store's reason); a state file that cannot be
    /// written is `ERR0000` (HTTP 500). Either way the change is undone.
    func backOfficeTransaction<R>(
        _ body: (inout DevServerState, inout Bool) throws(BackOfficeFailure) -> R
    ) throws(BackOfficeFailure) -> R {
        var refusal: BackOfficeFailure?
        let result: R?
        do {
            result = try transaction { (state, changed) throws(APIFailure) -> R? in
                do throws(BackOfficeFailure) {
                    return try body(&state, &changed)
                } catch {
                    refusal = error
                    return nil
                }
            }
        } catch {
            throw BackOfficeFailure(error.code == .invalidRequest ? .invalidRequest : .unknown, error.message)
        }
        if let refusal { throw refusal }
        guard let result else { throw BackOfficeFailure(.unknown, "the transaction gave no result") }
        return result
    }
}
