import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SIGKILL at random points while `qrauth` writes each kind of state: after every kill the file
/// still parses, holds the old or the new state, and counters never go backwards. A short smoke by
/// default; `QRAUTH_CRASH_KILLS=300` (what `make reliability` sets) runs hundreds per kind.
@Suite("Crash safety", .serialized)
struct CrashSafetyTests {
    static let kills = Int(ProcessInfo.processInfo.environment["QRAUTH_CRASH_KILLS"] ?? "") ?? 6

    /// Starts `qrauth` with `arguments`, kills it with SIGKILL after a random delay of up to
    /// `maximumDelay` seconds (or lets it finish first), and waits for it. True when it was killed.
    @discardableResult
    static func killAtRandom(
        _ arguments: [String], environment: [String: String] = [:], maximumDelay: Double,
        generator: inout some RandomNumberGenerator
    ) async throws -> Bool {
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let delay = Double.random(in: 0...maximumDelay, using: &generator)
        // In one of `ChildSlots`' slots from start to exit.
        return try await ChildSlots.withSlot {
            try process.run()
            try await Task.sleep(for: .seconds(delay))
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            await process.exited()
            return process.terminationReason == .uncaughtSignal
        }
    }

    static func show(_ path: String) async throws -> [String: Any] {
        let result = try await CLIRunner.run(["activation", "show", path, "--json"])
        try #require(result.status == 0, "after a kill \(path) does not parse: \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
    }

    @Test("device and server files: counters only move forward")
    func activationFiles() async throws {
        var generator = SystemRandomNumberGenerator()
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let device = directory.appendingPathComponent("device.json").path
        let server = directory.appendingPathComponent("server.json").path
        let created = try await CLIRunner.run(
            [
                "activation", "create", "--device", device, "--server", server, "--password-env", "PIN",
                "--max-failed-attempts", "1000",
            ], environment: ["PIN": "1234"])
        try #require(created.status == 0, "\(created.stderr)")
        let operation = try await CLIRunner.run(["operation", "create", "--server", server, "--data", "A1*A100CZK"])
        try #require(operation.status == 0)
        let payload = String(operation.stdout.dropLast())

        var counter = try await Self.show(device)["counter"] as? Int ?? -1
        var killed = 0
        for _ in 0..<Self.kills {
            killed +=
                try await Self.killAtRandom(
                    ["operation", "approve", "--activation", device, "--password-env", "PIN", payload],
                    environment: ["PIN": "1234"], maximumDelay: 0.4, generator: &generator) ? 1 : 0
            let now = try await #require(try Self.show(device)["counter"] as? Int)
            #expect(now >= counter, "the device counter went back from \(counter) to \(now)")
            counter = now
        }

        print("crash safety: operation approve killed \(killed) of \(Self.kills) runs; device counter \(counter)")
        var failed = try await Self.show(server)["failedAttempts"] as? Int ?? -1
        killed = 0
        for _ in 0..<Self.kills {
            killed +=
                try await Self.killAtRandom(
                    ["code", "verify", "--server", server, "--code", "00000000-00000000", "--operation", payload],
                    maximumDelay: 0.4, generator: &generator) ? 1 : 0
            let now = try await #require(try Self.show(server)["failedAttempts"] as? Int)
            #expect(now >= failed, "failed attempts went back from \(failed) to \(now)")
            failed = now
        }
        print("crash safety: code verify killed \(killed) of \(Self.kills) runs; failed attempts \(failed)")
        Self.expectNoTemporaryFiles(in: directory)
    }

    @Test("a pin list signed into: every entry written stays")
    func pinList() async throws {
        var generator = SystemRandomNumberGenerator()
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let list = directory.appendingPathComponent("list.json").path
        let key = CLIRunner.fixture("ios-Tests-TestData-private.pem")
        let cert = CLIRunner.fixture("ssl-pinning-tool-test-www.google.com.pem")
        var entries = 0
        var killed = 0
        for index in 0..<Self.kills {
            killed +=
                try await Self.killAtRandom(
                    [
                        "pins", "sign", "--key", key, "--cert", cert, "--name", "host\(index).example", "--expires",
                        "4000000000", "--into", list,
                    ], maximumDelay: 0.3, generator: &generator) ? 1 : 0
            guard FileManager.default.fileExists(atPath: list) else { continue }
            let data = try Data(contentsOf: URL(fileURLWithPath: list))
            let parsed = try #require(
                try JSONSerialization.jsonObject(with: data) as? [String: Any], "the list does not parse after a kill")
            let now = (parsed["fingerprints"] as? [Any])?.count ?? -1
            #expect(now >= entries, "entries went from \(entries) to \(now)")
            entries = now
        }
        print("crash safety: pins sign --into killed \(killed) of \(Self.kills) runs; \(entries) entries kept")
        Self.expectNoTemporaryFiles(in: directory)
    }

    @Test("serve --state: the state file loads after every kill and keeps what was acknowledged")
    func serveState() async throws {
        var generator = SystemRandomNumberGenerator()
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = directory.appendingPathComponent("server.json").path
        let state = directory.appendingPathComponent("state.json").path
        let created = try await CLIRunner.run(
            [
                "activation", "create", "--device", directory.appendingPathComponent("device.json").path, "--server",
                server, "--password-env", "PIN",
            ], environment: ["PIN": "1234"])
        try #require(created.status == 0)
        var acknowledged = 0
        for _ in 0..<max(2, Self.kills / 2) {
            let process = Process()
            process.executableURL = CLIRunner.executable
            process.arguments = ["serve", "--http", "--port", "0", "--activation", server, "--state", state, "--admin"]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            // One of `ChildSlots`' slots while it starts up; curl's runs below take their own.
            let lines = try await ChildSlots.withSlot {
                try process.run()
                return try await ServeCLITests.LineReader(output.fileHandleForReading).lines(1)
            }
            guard let url = lines.first, url.hasPrefix("http://") else {
                kill(process.processIdentifier, SIGKILL)
                await process.exited()
                Issue.record("serve did not start on the state file left by the last kill")
                return
            }
            // What the server holds now must include everything acknowledged before the last kill.
            let listed = try await Self.curlOutput(["\(url)/admin/operations"])
            let held = listed.components(separatedBy: "\"id\"").count - 1
            #expect(held >= acknowledged, "the state lost acknowledged operations: \(held) < \(acknowledged)")
            acknowledged = held
            // Create operations until a random kill lands somewhere in the middle of them.
            let deadline = Date().addingTimeInterval(Double.random(in: 0.05...0.5, using: &generator))
            while Date() < deadline {
                let status = try await ServeCLITests.curl([
                    "-o", "/dev/null", "-f", "-d", #"{"data":"A1*A100CZK","title":"T"}"#, "\(url)/admin/operations",
                ])
                if status == 0 { acknowledged += 1 }
            }
            kill(process.processIdentifier, SIGKILL)
            await process.exited()
        }
        print("crash safety: serve killed \(max(2, Self.kills / 2)) times; \(acknowledged) operations kept")
    }

    static func curlOutput(_ arguments: [String]) async throws -> String {
        try await CLIRunner.runProcess(
            URL(fileURLWithPath: "/usr/bin/curl"), ["-s"] + arguments, environment: [:], noColor: false, timeout: nil
        ).stdout
    }

    /// Killed writers may leave `.tmp-*` files; they must never be mistaken for state (they are
    /// hidden, named apart) — reported, not failed, until stale temporary files are cleaned up.
    static func expectNoTemporaryFiles(in directory: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let temporary = names.filter { $0.contains(".tmp-") }
        for name in temporary { #expect(name.hasPrefix("."), "a temporary file is not hidden: \(name)") }
    }
}
