import DevServer
import Foundation
import MobileTokenAPI
import OfflineOperations
import PowerAuth
import Testing

@Suite("State file")
struct StatePersistenceTests {
    static let data = "A1*A100CZK*Q238400856/0300**D20190629*NUtility"

    static func temporaryPath() -> String {
        NSTemporaryDirectory() + "qrauth-serve-test-\(UUID().uuidString).json"
    }

    @Test("operations and counters survive a restart; the device keeps signing in step")
    func survivesRestart() async throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var harness = try TestHarness(statePath: path)
        let approved = try await harness.createOperation()
        let pending = try await harness.createOperation()
        #expect(try await harness.authorize(approved, data: Self.data).status == 200)
        _ = try await harness.authorize(pending, data: Self.data, password: "0000")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)

        let restored = try DevServerState.load(statePath: path, activationPaths: [])
        #expect(restored == harness.server.state)
        #expect(restored.activations[0].counters.counter == 1)
        #expect(restored.activations[0].counters.failedAttempts == 1)
        harness.server = DevServer(
            state: restored, statePath: path, adminEnabled: true, clock: harness.clock.emulatorClock)
        #expect(try await harness.authorize(pending, data: Self.data).status == 200)
        let statuses = try DevServerState.load(statePath: path, activationPaths: []).operations.map(\.status)
        #expect(statuses == [.approved, .approved])
    }

    @Test("a damaged state file is a typed error, not a crash")
    func damaged() async throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("{\"formatVersion\":1,".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: DevServerError(.file, "")) { try DevServerState.load(statePath: path, activationPaths: []) }
    }

    @Test("activation files are merged; the state's copy of an activation wins")
    func activationFilesMerged() async throws {
        let directory = NSTemporaryDirectory() + "qrauth-serve-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pair = try ActivationFactory.create(password: "1", biometry: false)
        try ActivationFile.write(pair.server, to: directory + "/server.json")
        var state = try DevServerState.load(statePath: nil, activationPaths: [directory + "/server.json"])
        #expect(state.activations.map(\.activationId) == [pair.server.activationId])
        state.activations[0].counters.counter = 7
        let statePath = directory + "/state.json"
        let server = DevServer(state: state, statePath: statePath)
        try server.flush()
        let merged = try DevServerState.load(statePath: statePath, activationPaths: [directory + "/server.json"])
        #expect(merged.activations.count == 1)
        #expect(merged.activations[0].counters.counter == 7)
    }
}
