import Foundation
import Logging
import MobileTokenAPI
import OfflineOperations
import QRAuthEncoding
import Testing

@testable import DevServer

/// The `--state` file as an append log: a change costs one short append however many operations are
/// stored, a failed write is undone in memory, a cut-short last line is ignored, and a long soak
/// stays bounded in memory and on disk.
@Suite("State journal")
struct StateJournalTests {
    static let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    /// Whole seconds, as the state file's ISO 8601 dates keep them; pending operations expire 5 min later.
    static let start = Date(timeIntervalSince1970: (Date().timeIntervalSince1970).rounded(.down))

    static func record(_ number: Int, status: OperationStatus = .pending, created: Date = start) -> OperationRecord {
        OperationRecord(
            id: "op-\(number)", name: "authorize_payment", data: "A1*A\(number)CZK", status: status, statusReason: nil,
            created: created, expires: created.addingTimeInterval(300),
            allowedSignatureType: .twoFactorKnowledgeOrBiometry,
            formData: .object(["title": .string("Payment \(number)"), "message": .string("Confirm")]), ui: nil,
            activationId: nil, failureCount: 0, maxFailureCount: 5, proximitySeed: nil, proximityStep: nil)
    }

    static func directory() throws -> String {
        let path = NSTemporaryDirectory() + "qrauth-journal-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func size(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
    }

    static func add(_ store: DevServerStore, _ record: OperationRecord) throws {
        try store.transaction { (state, changed) throws(APIFailure) in
            state.operations.append(record)
            changed = true
        }
    }

    static func setStatus(_ store: DevServerStore, id: String, _ status: OperationStatus) throws {
        try store.transaction { (state, changed) throws(APIFailure) in
            guard let index = state.operations.firstIndex(where: { $0.id == id }) else { return }
            state.operations[index].status = status
            changed = true
        }
    }

    @Test("a change appends one line; the cost does not grow with the stored operations")
    func appendsPerChange() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/state.json"
        let store = DevServerStore(state: DevServerState(), statePath: path, logger: Self.logger)
        try store.flush()
        var growth: [Int] = []
        for number in 0..<200 {
            let before = try Self.size(path)
            try Self.add(store, Self.record(number))
            growth.append(try Self.size(path) - before)
        }
        // Every append is one record line, the 200th no bigger than the first.
        #expect(growth.allSatisfy { $0 > 0 && $0 < 1_000 }, "\(growth)")
        #expect(growth.last! <= growth.first! + 10)
        let before = try Self.size(path)
        try Self.setStatus(store, id: "op-3", .approved)
        #expect(try Self.size(path) - before < 1_000)

        let reloaded = try DevServerState.load(statePath: path, activationPaths: [])
        #expect(reloaded == store.snapshot)
        #expect(reloaded.operations[3].status == .approved)
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test("a change that cannot be persisted is undone in memory and answered with an error")
    func failedPersistRollsBack() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let folder = directory + "/sub"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let path = folder + "/state.json"
        let store = DevServerStore(state: DevServerState(), statePath: path, logger: Self.logger)
        try Self.add(store, Self.record(1))
        try FileManager.default.removeItem(atPath: folder)

        #expect(throws: APIFailure.self) { try Self.add(store, Self.record(2)) }
        #expect(throws: APIFailure.self) { try Self.setStatus(store, id: "op-1", .approved) }
        #expect(store.snapshot.operations.map(\.id) == ["op-1"])
        #expect(store.snapshot.operations[0].status == .pending)
        #expect(throws: APIFailure.self) {
            try store.reset { state in state.operations.removeAll() }
        }
        #expect(store.snapshot.operations.map(\.id) == ["op-1"])

        // Once the folder is back, the next change writes a full snapshot and nothing is lost.
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try Self.add(store, Self.record(3))
        let reloaded = try DevServerState.load(statePath: path, activationPaths: [])
        #expect(reloaded.operations.map(\.id) == ["op-1", "op-3"])
    }

    @Test("a cut-short last line is ignored; a damaged line in the middle is an error")
    func tornTail() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/state.json"
        let store = DevServerStore(state: DevServerState(), statePath: path, logger: Self.logger)
        try Self.add(store, Self.record(1))
        try Self.add(store, Self.record(2))
        let complete = try Data(contentsOf: URL(fileURLWithPath: path))
        try complete.dropLast(7).write(to: URL(fileURLWithPath: path))
        #expect(try DevServerState.load(statePath: path, activationPaths: []).operations.map(\.id) == ["op-1"])

        var lines = complete.split(separator: 0x0A).map { Data($0) }
        lines[1] = lines[1].dropLast(3)
        try Data(lines.joined(separator: Data([0x0A])) + Data([0x0A])).write(to: URL(fileURLWithPath: path))
        #expect(throws: DevServerError(.file, "")) { try DevServerState.load(statePath: path, activationPaths: []) }
    }

    @Test("a soak stays bounded: finished operations beyond the retention are dropped")
    func soakStaysBounded() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/state.json"
        let count = Int(ProcessInfo.processInfo.environment["QRAUTH_SOAK_OPERATIONS"] ?? "") ?? 1_000
        let retained = 100
        let store = DevServerStore(
            state: DevServerState(), statePath: path, limits: DevServerLimits(retainedOperations: retained),
            logger: Self.logger)
        try store.flush()
        var largestFile = 0
        var largestCount = 0
        for number in 0..<count {
            try Self.add(store, Self.record(number))
            try Self.setStatus(store, id: "op-\(number)", number % 2 == 0 ? .approved : .rejected)
            largestFile = max(largestFile, try Self.size(path))
            largestCount = max(largestCount, store.snapshot.operations.count)
        }
        #expect(largestCount <= retained + 1)
        // A snapshot of `retained` records plus at most its size (or the journal minimum) appended.
        #expect(largestFile <= 2 * DevServerStore.minimumJournalBytes + 1_000 * retained, "\(largestFile)")
        let reloaded = try DevServerState.load(statePath: path, activationPaths: [])
        #expect(reloaded == store.snapshot)
        #expect(reloaded.operations.last?.id == "op-\(count - 1)")
        print("soak: \(count) operations, at most \(largestCount) kept, state file at most \(largestFile) bytes")
    }

    @Test("pending operations are never dropped before they expire; finished ones beyond the limit are")
    func pendingKept() throws {
        let store = DevServerStore(
            state: DevServerState(), statePath: nil, limits: DevServerLimits(retainedOperations: 10),
            logger: Self.logger)
        for number in 0..<30 { try Self.add(store, Self.record(number)) }
        #expect(store.snapshot.operations.count == 30)
        for number in 0..<10 { try Self.setStatus(store, id: "op-\(number)", .approved) }
        #expect(store.snapshot.operations.count == 30)
        // The 11th finished one: the oldest finished go, down to three quarters of the limit (7).
        try Self.setStatus(store, id: "op-10", .approved)
        let operations = store.snapshot.operations
        #expect(operations.count == 26)
        #expect(operations.filter { $0.status == .pending }.count == 19)
        #expect(operations.first?.id == "op-4")
    }

    @Test("an element only accessed for writing is not journalled")
    func untouchedNotJournalled() {
        var list = RecordList([1, 2, 3].map { Self.record($0) })
        for index in list.indices { _ = list[index].expireIfDue(now: Self.start) }
        #expect(list.changedElements.isEmpty)
        list[2].status = .approved
        #expect(list.changedElements.map(\.id) == ["op-3"])
    }

    @Test("RecordList tracks edits and appends, and undoes them")
    func recordListTracking() {
        var list = RecordList([1, 2, 3].map { Self.record($0) })
        list[1].status = .approved
        list.append(Self.record(4))
        #expect(list.changedElements.map(\.id) == ["op-2", "op-4"])
        #expect(!list.isRewritten)
        list.rollback()
        #expect(list.map(\.id) == ["op-1", "op-2", "op-3"])
        #expect(list[1].status == .pending)
        list.removeAll { $0.id == "op-2" }
        #expect(list.isRewritten)
        list.rollback()
        #expect(list.count == 3)
    }
}
