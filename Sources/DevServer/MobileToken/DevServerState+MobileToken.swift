import FoundationEssentials
import MobileTokenAPI
import PowerAuth

/// The inbox and push registrations over the state: plain logic, no HTTP (the handlers are in
/// MobileTokenService+Inbox.swift, MobileTokenService+Push.swift and AdminService+Inbox.swift).
extension DevServerState {
    /// The most inbox messages kept (all users); the oldest read ones go first, then the oldest.
    static let inboxLimit = 10_000

    /// The inbox user of an activation: the back office's user id, or for an activation loaded from a file (no
    /// user) its activation id.
    static func inboxUser(of activation: ServerActivation) -> String {
        activation.registration?.userId ?? activation.activationId
    }

    /// The messages of `user`, newest first.
    func inboxMessages(of user: String, onlyUnread: Bool = false) -> [InboxMessageRecord] {
        inbox.filter { $0.userId == user && (!onlyUnread || !$0.read) }.reversed()
    }

    /// Adds a message; at the limit the oldest read message (else the oldest) is dropped first.
    mutating func deliver(_ message: InboxMessageRecord) {
        if inbox.count >= Self.inboxLimit {
            let victim = inbox.first(where: \.read)?.id ?? inbox.first?.id
            inbox.removeAll { $0.id == victim }
        }
        inbox.append(message)
    }

    /// Marks `user`'s message `id` read; false when the user has no such message.
    mutating func markInboxMessageRead(_ id: String, of user: String) -> Bool {
        guard let index = inbox.firstIndex(where: { $0.id == id && $0.userId == user }) else { return false }
        if !inbox[index].read { inbox[index].read = true }
        return true
    }

    /// Marks all of `user`'s messages read.
    mutating func markAllInboxMessagesRead(of user: String) {
        for index in inbox.indices where inbox[index].userId == user && !inbox[index].read {
            inbox[index].read = true
        }
    }

    /// Stores a registration, replacing the activation's earlier one.
    mutating func register(_ registration: PushRegistrationRecord) {
        if let index = pushRegistrations.firstIndex(where: { $0.activationId == registration.activationId }) {
            pushRegistrations[index] = registration
        } else {
            pushRegistrations.append(registration)
        }
    }
}
