import FoundationEssentials
import Hummingbird
import MobileTokenAPI
import OfflineOperations
import PowerAuth

/// The admin side of the inbox and push registrations (behind the admin gate).
extension AdminService {
    /// Registers `POST|GET /admin/inbox` and `GET /admin/push`.
    func addInboxAndPushRoutes(to group: RouterGroup<DevServerContext>) {
        group.post("/admin/inbox") { request, context in
            try createInboxMessage(await adminRequest(request, context, as: CreateInboxMessageRequest.self))
        }
        group.get("/admin/inbox") { request, _ in listAdminInbox(request) }
        group.get("/admin/push") { request, _ in listPushRegistrations(request) }
    }

    /// `POST /admin/inbox`: the back office sends a message to a user (`userId`, or the user of `activationId`,
    /// or of the only usable activation).
    func createInboxMessage(_ body: CreateInboxMessageRequest) throws(APIFailure) -> Response {
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
    func listAdminInbox(_ request: Request) -> Response {
        let user = request.query("userId")
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

    /// `GET /admin/push`: every stored registration (`?activationId=` for one activation).
    func listPushRegistrations(_ request: Request) -> Response {
        let activationId = request.query("activationId")
        let records = store.snapshot.pushRegistrations.filter { activationId == nil || $0.activationId == activationId }
        return Envelope.ok(records.map(PushRegistrationView.init))
    }
}
