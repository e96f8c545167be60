import FoundationEssentials
import Hummingbird
import MobileTokenAPI

/// The inbox, push registration and activation spawn routes of the Mobile Token API.
extension MobileTokenService {
    /// Registers `/api/inbox/*`, `/api/push/device/register[/token]` and `/api/activation/code` (POST only).
    func addInboxPushAndSpawnRoutes(to group: RouterGroup<DevServerContext>) {
        let paths = EndpointPaths.MobileToken.self
        group.post(RouterPath(paths.inboxCount)) { try await inboxCount($0, $1) }
        group.post(RouterPath(paths.inboxMessageList)) { try await inboxList($0, $1) }
        group.post(RouterPath(paths.inboxMessageDetail)) { try await inboxDetail($0, $1) }
        group.post(RouterPath(paths.inboxMessageRead)) { try await inboxRead($0, $1) }
        group.post(RouterPath(paths.inboxMessageReadAll)) { try await inboxReadAll($0, $1) }
        group.post(RouterPath(paths.pushRegisterToken)) { try await registerPush($0, $1, signed: false) }
        group.post(RouterPath(paths.pushRegister)) { try await registerPush($0, $1, signed: true) }
        group.post(RouterPath(paths.activationCode)) { try await activationSpawnCode($0, $1) }
    }

    /// The inbox user of a token-authenticated caller.
    private func inboxCaller(_ request: Request) throws(APIFailure) -> String {
        let activationId = try authentication.authenticateToken(request)
        guard let activation = store.activation(id: activationId) else {
            throw APIFailure(.invalidActivation, "unknown activation")
        }
        return DevServerState.inboxUser(of: activation)
    }

    /// `inbox/count`: how many of the caller's messages are unread.
    func inboxCount(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response {
        let user = try inboxCaller(request)
        return Envelope.ok(InboxCount(countUnread: store.snapshot.inboxMessages(of: user, onlyUnread: true).count))
    }

    /// `inbox/message/list`: one page of the caller's messages, newest first.
    func inboxList(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response {
        let user = try inboxCaller(request)
        let body = try await context.requestObject(request, as: InboxListRequest.self)
        guard body.page >= 0 else { throw APIFailure(.invalidRequest, "requestObject.page must be 0 or more") }
        guard (1...1000).contains(body.size) else {
            throw APIFailure(.invalidRequest, "requestObject.size must be 1 to 1000")
        }
        let messages = store.snapshot.inboxMessages(of: user, onlyUnread: body.onlyUnread)
        let (offset, overflow) = body.page.multipliedReportingOverflow(by: body.size)
        let page =
            overflow || offset >= messages.count ? [] : messages[offset..<min(messages.count, offset + body.size)]
        return Envelope.ok(page.map(\.message))
    }

    /// `inbox/message/detail`: one of the caller's messages with its body (an object, as the SDK decodes it).
    func inboxDetail(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response {
        let user = try inboxCaller(request)
        let id = try await Self.operationId(context.requestObject(request, as: OperationIdRequest.self).id)
        guard let record = store.snapshot.inbox.first(where: { $0.id == id && $0.userId == user }) else {
            throw APIFailure(.invalidRequest, "no inbox message \(id) for this user")
        }
        return Envelope.ok(record.detail)
    }

    /// `inbox/message/read`: marks one of the caller's messages read.
    func inboxRead(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response {
        let user = try inboxCaller(request)
        let id = try await Self.operationId(context.requestObject(request, as: OperationIdRequest.self).id)
        try store.transaction { (state, changed) throws(APIFailure) in
            guard state.markInboxMessageRead(id, of: user) else {
                throw APIFailure(.invalidRequest, "no inbox message \(id) for this user")
            }
            changed = true
        }
        return Envelope.okEmpty()
    }

    /// `inbox/message/read-all`: marks every message of the caller read.
    func inboxReadAll(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response {
        let user = try inboxCaller(request)
        try store.transaction { (state, changed) throws(APIFailure) in
            state.markAllInboxMessagesRead(of: user)
            changed = true
        }
        return Envelope.okEmpty()
    }
}
