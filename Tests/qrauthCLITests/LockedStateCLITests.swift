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
        let processes = try (0..<count).map { index in
            let process = Process()
            process.executableURL = CLIRunner.executable
            process.arguments = [
                "pins", "sign", "--key", key, "--cert", cert, "--name", "host\(index).example", "--expires",
                "4000000000", "--into", list,
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        for process in processes { await process.exited() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
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
        try first.run()
        defer { if first.isRunning { first.terminate() } }
        let lines = try await ServeCLITests.LineReader(output.fileHandleForReading).lines(1)
        try #require(lines.first?.hasPrefix("http://") == true, "serve printed \(lines)")
        let before = try Data(contentsOf: URL(fileURLWithPath: state))
        let second = try await CLIRunner.run(
            ["serve", "--http", "--port", "0", "--state", state], environment: [:], timeout: 60)
        #expect(second.status == 4, "\(second.stderr)")
        #expect(second.stderr.contains("state.json"), "\(second.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: state)) == before)
    }
}
