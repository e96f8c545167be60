import Foundation
import Logging
import MobileTokenAPI
import QRAuthEncoding
import Testing

@testable import DevServer

/// Inbox messages, push registrations and mobileTokenData in the `--state` file: appended as journal lines, read
/// back whole after a restart; the inbox logic over the state.
@Suite("Inbox and push state")
struct InboxStateTests {
    static let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    static let now = Date(timeIntervalSince1970: 1_795_860_000)

    static func message(_ id: String, user: String = "alice", read: Bool = false) -> InboxMessageRecord {
        InboxMessageRecord(
            id: id, userId: user, subject: "S \(id)", summary: "s", body: "b", type: .text, read: read, created: now)
    }

    @Test("inbox, push and mobileTokenData survive a restart through the journal")
    func persisted() throws {
        let directory = NSTemporaryDirectory() + "qrauth-inbox-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/state.json"
        let store = DevServerStore(state: DevServerState(), statePath: path, logger: Self.logger)
        try store.flush()
        let snapshotSize = try Data(contentsOf: URL(fileURLWithPath: path)).count
        let registration = PushRegistrationRecord(
            activationId: "a1", userId: "alice", platform: .android, token: "t", environment: nil,
            authentication: "token", registered: Self.now)
        var operation = StateJournalTests.record(1)
        operation.mobileTokenData = .object(["k": .string("v")])
        try store.transaction { (state, changed) throws(APIFailure) in
            state.deliver(Self.message("m1"))
            state.register(registration)
            state.operations.append(operation)
            changed = true
        }
        try store.transaction { (state, changed) throws(APIFailure) in
            let marked = state.markInboxMessageRead("m1", of: "alice")
            #expect(marked)
            changed = true
        }
        // Appended, not rewritten.
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.utf8.count > snapshotSize)
        #expect(text.contains(#""inboxMessage":"#) && text.contains(#""pushRegistration":"#))

        let reloaded = try DevServerStore.decode(Data(contentsOf: URL(fileURLWithPath: path)), path: path)
        #expect(reloaded.inbox.array == [Self.message("m1", read: true)])
        #expect(reloaded.pushRegistrations.array == [registration])
        #expect(reloaded.operations.first?.mobileTokenData == .object(["k": .string("v")]))
        let view = BackOffice.OperationDetailResponse(try #require(reloaded.operations.first), now: Self.now)
        #expect(view.additionalData?["mobileTokenData"] == .object(["k": .string("v")]))
    }

    @Test("a state file from before the inbox reads with an empty inbox and no registrations")
    func olderFile() throws {
        let line = try DevServerState.snapshotLine(DevServerState())
        var object = try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any])
        object["inbox"] = nil
        object["pushRegistrations"] = nil
        let older = try JSONSerialization.data(withJSONObject: object)
        let state = try DevServerStore.decode(older, path: "old.json")
        #expect(state.inbox.isEmpty && state.pushRegistrations.isEmpty)
    }

    @Test("per user, newest first; read marks only the owner's message; registering again replaces")
    func logic() {
        var state = DevServerState()
        state.deliver(Self.message("m1"))
        state.deliver(Self.message("m2", user: "bob"))
        state.deliver(Self.message("m3"))
        #expect(state.inboxMessages(of: "alice").map(\.id) == ["m3", "m1"])
        let others = state.markInboxMessageRead("m2", of: "alice")
        let own = state.markInboxMessageRead("m1", of: "alice")
        #expect(!others && own)
        #expect(state.inboxMessages(of: "alice", onlyUnread: true).map(\.id) == ["m3"])
        state.markAllInboxMessagesRead(of: "alice")
        #expect(state.inboxMessages(of: "alice", onlyUnread: true).isEmpty)
        #expect(state.inboxMessages(of: "bob", onlyUnread: true).map(\.id) == ["m2"])
        let first = PushRegistrationRecord(
            activationId: "a1", userId: "alice", platform: .fcm, token: "1", environment: nil, authentication: "token",
            registered: Self.now)
        var second = first
        second.token = "2"
        state.register(first)
        state.register(second)
        #expect(state.pushRegistrations.array == [second])
    }
}
