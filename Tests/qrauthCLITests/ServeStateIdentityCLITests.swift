import Foundation
import Testing

/// `serve --self-signed --state F` (issue 31): the test CA and the leaf are kept in the state and reused, so the CA
/// file and the pin stay the same across restarts; without `--state` a new pair is issued (another `--host`:
/// `DevServerTests.SelfSignedIdentityStateTests`).
@Suite("serve --self-signed keeps its CA and leaf in --state")
struct ServeStateIdentityCLITests {
    struct Run {
        let pin: String
        let ca: String
        let status: Int32
    }

    /// Starts `serve --port 0 --self-signed` with `arguments`, reads its `pin:` and the CA it wrote, stops it (SIGTERM).
    static func run(_ directory: URL, _ arguments: [String]) async throws -> Run {
        let caPath = directory.appendingPathComponent("ca.pem").path
        try? FileManager.default.removeItem(atPath: caPath)
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = ["serve", "--port", "0", "--self-signed", "--ca-out", caPath] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        // In one of `ChildSlots`' slots from start to exit.
        return try await ChildSlots.withSlot {
            try process.run()
            defer { if process.isRunning { process.terminate() } }
            let lines = try await ServeCLITests.LineReader(output.fileHandleForReading).lines(3)
            let pin = try #require(lines.first { $0.hasPrefix("pin: ") }, "serve printed \(lines)").dropFirst(5)
            let ca = try String(contentsOfFile: caPath, encoding: .utf8)
            process.terminate()
            await process.exited()
            return Run(pin: String(pin), ca: ca, status: process.terminationStatus)
        }
    }

    @Test func theCAAndThePinSurviveARestart() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let state = directory.appendingPathComponent("state.json").path
        let first = try await Self.run(directory, ["--state", state])
        let second = try await Self.run(directory, ["--state", state])
        #expect(first.status == 0 && second.status == 0)
        #expect(first.ca.hasPrefix("-----BEGIN CERTIFICATE-----"))
        #expect(second.pin == first.pin)
        #expect(second.ca == first.ca)
        // The leaf's private key is in the state file, which stays owner-only.
        let text = try String(contentsOfFile: state, encoding: .utf8)
        #expect(text.contains("selfSignedIdentity"))
        #expect(try FileManager.default.attributesOfItem(atPath: state)[.posixPermissions] as? Int == 0o600)

    }

    @Test func withoutStateEveryStartIssuesANewPair() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try await Self.run(directory, [])
        let second = try await Self.run(directory, [])
        #expect(first.pin != second.pin)
        #expect(first.ca != second.ca)
    }
}
