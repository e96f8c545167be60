import Foundation
import MobileTokenAPI
import PowerAuth

extension DevServer {
    /// The inbox user of a token-authenticated caller.
    private func inboxCaller(_ request: ServerRequest) throws(APIFailure) -> String {
        let activationId = try authenticateToken(request)
        guard let activation = store.activation(id: activationId) else {
            throw APIFailure(.invalidActivation, "unknown activation")
        }
        return DevServerState.inboxUser(of: activation)
    }

    /// `inbox/count`: how many of the caller's messages are unread.
    func inboxCount(_ request: ServerRequest) throws(APIFailure) -> ServerResponse {
        let user = try inboxCaller(request)
        return Envelope.ok(InboxCount(countUnread: store.snapshot.inboxMessages(of: user, onlyUnread: true).count))
    }

    /// `inbox/message/list`: one page of the caller's messages, newest first.
    func inboxList(_ request: ServerRequest) throws(APIFailure) -> ServerResponse {
        let user = try inboxCaller(request)
        let body = try requestObject(request, as: InboxListRequest.self)
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
    func inboxDetail(_ request: ServerRequest) throws(APIFailure) -> ServerResponse {
        let user = try inboxCaller(request)
        let id = try Self.operationId(requestObject(request, as: OperationIdRequest.self).id)
        guard let record = store.snapshot.inbox.first(where: { $0.id == id && $0.userId == user }) else {
            throw APIFailure(.invalidRequest, "no inbox message \(id) for this user")
        }
        return Envelope.ok(record.detail)
    }

    /// `inbox/message/read`: marks one of the caller's messages read.
    func inboxRead(_ request: ServerRequest) throws(APIFailure) -> ServerResponse {
        let user = try inboxCaller(request)
        let id = try Self.operationId(requestObject(request, as: OperationIdRequest.self).id)
        try store.transaction { (state, changed) throws(APIFailure) in
            guard state.markInboxMessageRead(id, of: user) else {
                throw APIFailure(.invalidRequest, "no inbox message \(id) for this user")
            }
            changed = true
        }
        return Envelope.okEmpty()
    }

    /// `inbox/message/read-all`: marks every message of the caller read.
    func inboxReadAll(_ request: ServerRequest) throws(APIFailure) -> ServerResponse {
        let user = try inboxCaller(request)
        try store.transaction { (state, changed) throws(APIFailure) in
            state.markAllInboxMessagesRead(of: user)
            changed = true
        }
        return Envelope.okEmpty()
    }

    /// `POST /admin/inbox`: the back office sends a message to a user (`userId`, or the user of `activationId`,
    /// or of the only usable activation).
    func createInboxMessage(_ body: CreateInboxMessageRequest) throws(APIFailure) -> ServerResponse {
        guard let subject = body.subject, !subject.isEmpty else {
            throw APIFailure(.invalidRequest, "subject (a string) is required")
        }
        guard let text = body.body, !text.isEmpty else {
            throw APIFailure(.invalidRequest, "body (a string) is required")
        }
        let type: InboxContentType
        if let name = body.type {
            guard let known = InboxContentType(rawValue: name) else {
                throw APIFailure(.invalidRequest, "type must be text or html")
            }
            type = known
        } else {
            type = .text
        }
        let now = Date(timeIntervalSince1970: clock.now.timeIntervalSince1970.rounded(.down))
        let record = try store.transaction { (state, changed) throws(APIFailure) -> InboxMessageRecord in
            let user = try Self.inboxRecipient(userId: body.userId, activationId: body.activationId, in: state)
            let record = InboxMessageRecord(
                id: UUID().uuidString.lowercased(), userId: user, subject: subject,
                summary: body.summary ?? String(text.prefix(140)), body: text, type: type, read: false, created: now)
            state.deliver(record)
            changed = true
            return record
        }
        return Envelope.ok(AdminInboxMessageView(record))
    }

    /// `GET /admin/inbox`: every stored message with its user, newest first (`?userId=` for one user).
    func listAdminInbox(_ request: ServerRequest) -> ServerResponse {
        let user = request.query["userId"]
        let records = store.snapshot.inbox.filter { user == nil || $0.userId == user }.reversed()
        return Envelope.ok(records.map(AdminInboxMessageView.init))
    }

    /// The user an admin message goes to.
    private static func inboxRecipient(
        userId: String?, activationId: String?, in state: DevServerState
    ) throws(APIFailure) -> String {
        if let userId, !userId.isEmpty { return userId }
        if let activationId {
            guard let activation = state.activations.first(where: { $0.activationId == activationId }) else {
                throw APIFailure(.invalidActivation, "no activation \(activationId) is loaded")
            }
            return DevServerState.inboxUser(of: activation)
        }
        let usable = state.activations.filter { $0.hasDeviceKey && $0.counters.status != .removed }
        guard usable.count == 1 else {
            throw APIFailure(.invalidRequest, "give userId or activationId (\(usable.count) activations are usable)")
        }
        return DevServerState.inboxUser(of: usable[0])
    }
}
