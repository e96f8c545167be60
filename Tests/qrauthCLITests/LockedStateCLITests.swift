import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Read–modify–write of state under `FileLock`: parallel `pins sign --into` loses no entry, and a
/// second `serve` on one state file is refused instead of overwriting the first one's changes.
@Suite("Locked state files", .serialized)
struct LockedStateCLITests {
    @Test("parallel pins sign --into: every entry is in the list")
    func parallelSigners() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let list = directory.appendingPathComponent("list.json").path
        let key = CLIRunner.fixture("ios-Tests-TestData-private.pem")
        let cert = CLIRunner.fixture("ssl-pinning-tool-test-www.google.com.pem")
        let count = 12
        // All started at once; they overlap as much as `ChildSlots` allows.
        let statuses = try await withThrowingTaskGroup(of: Int32.self) { group in
            for index in 0..<count {
                group.addTask {
                    try await CLIRunner.runProcess(
                        CLIRunner.executable,
                        [
                            "pins", "sign", "--key", key, "--cert", cert, "--name", "host\(index).example", "--expires",
                            "4000000000", "--into", list,
                        ], environment: [:], noColor: false, timeout: nil
                    ).status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses.count == count && statuses.allSatisfy { $0 == 0 })
        let data = try Data(contentsOf: URL(fileURLWithPath: list))
        let parsed = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let names = Set(((parsed["fingerprints"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String })
        #expect(names == Set((0..<count).map { "host\($0).example" }))
    }

    @Test("a second serve on one state file is refused")
    func secondServerRefused() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let state = directory.appendingPathComponent("state.json").path
        let first = Process()
        first.executableURL = CLIRunner.executable
        first.arguments = ["serve", "--http", "--port", "0", "--state", state]
        let output = Pipe()
        first.standardOutput = output
        first.standardError = FileHandle.nullDevice
        defer { if first.isRunning { first.terminate() } }
        // One of `ChildSlots`' slots while it starts up; the second run takes its own.
        let lines = try await ChildSlots.withSlot {
            try first.run()
            return try await ServeCLITests.LineReader(output.fileHandleForReading).lines(1)
        }
        try #require(lines.first?.hasPrefix("http://") == true, "serve printed \(lines)")
        let before = try Data(contentsOf: URL(fileURLWithPath: state))
        let second = try await CLIRunner.run(
            ["serve", "--http", "--port", "0", "--state", state], environment: [:], timeout: 60)
        #expect(second.status == 4, "\(second.stderr)")
        #expect(second.stderr.contains("state.json"), "\(second.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: state)) == before)
    }
}
