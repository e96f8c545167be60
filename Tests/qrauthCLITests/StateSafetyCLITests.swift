import Foundation
import Testing

/// State files under parallel runs and failing outputs: locked read-modify-write cycles, counters spent
/// before a code is shown, `-` refused where a file is written back, both-or-neither activation files.
@Suite("State safety: parallel runs, refused '-', failing output")
struct StateSafetyCLITests {
    /// Starts every run at once, then waits for all: the runs overlap as much as `ChildSlots` allows.
    static func runAtOnce(_ runs: [[String]], environment: [String: String]) async throws -> [CLIResult] {
        try await withThrowingTaskGroup(of: (Int, CLIResult).self) { group in
            for (index, arguments) in runs.enumerated() {
                group.addTask {
                    (
                        index,
                        try await CLIRunner.runProcess(
                            CLIRunner.executable, arguments, environment: environment, noColor: false, timeout: nil)
                    )
                }
            }
            var results = [CLIResult?](repeating: nil, count: runs.count)
            for try await (index, result) in group { results[index] = result }
            return results.compactMap { $0 }
        }
    }

    static func json(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func parallelApprovalsOnOneDeviceFileGiveDistinctCodesAndCounters() async throws {
        let setup = try await CodeCLITests.Setup()
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let operation = try await setup.operation()
        let runs = 8
        let arguments = ["operation", "approve", "--activation", setup.device, "--password-env", "PA_PIN", "--json"]
        let results = try await Self.runAtOnce(
            Array(repeating: arguments + [operation], count: runs), environment: ["PA_PIN": "1234"])
        var codes: Set<String> = []
        var counters: Set<Int> = []
        for result in results {
            #expect(result.status == 0, "\(result.stderr)")
            let object = try Self.json(result.stdoutData)
            codes.insert(try #require(object["code"] as? String))
            counters.insert(try #require(object["counter"] as? Int))
        }
        #expect(codes.count == runs)
        #expect(counters == Set(1...runs))
        let device = try Self.json(Data(contentsOf: URL(fileURLWithPath: setup.device)))
        #expect(device["counter"] as? Int == runs)
    }

    @Test func parallelWrongCodesBlockTheActivationWithEveryFailureCounted() async throws {
        let setup = try await CodeCLITests.Setup()
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let operation = try await setup.operation()
        let runs = 8
        let arguments = ["code", "verify", "--server", setup.server, "--code", "12345678-87654321", "--json"]
        let results = try await Self.runAtOnce(
            Array(repeating: arguments + ["--operation", operation], count: runs), environment: [:])
        var failures: [Int] = []
        for result in results {
            #expect(result.status == 1, "\(result.stderr)")
            let object = try Self.json(result.stdoutData)
            failures.append(try #require(object["failedAttempts"] as? Int))
        }
        // Each run saw the failures of the runs before it: 1...5, then the blocked ones stay at 5.
        #expect(failures.sorted() == [1, 2, 3, 4, 5, 5, 5, 5])
        let server = try Self.json(Data(contentsOf: URL(fileURLWithPath: setup.server)))
        let counters = try #require(server["counters"] as? [String: Any])
        #expect(counters["status"] as? String == "BLOCKED")
        #expect(counters["failedAttempts"] as? Int == 5)
    }

    @Test(arguments: [
        ["operation", "approve", "--activation", "-", "--password-env", "PA_PIN", "x"],
        ["code", "verify", "--server", "-", "--code", "1-1", "--operation", "x"],
        ["pins", "prune", "-"],
        ["activation", "create", "--device", "-", "--server-activation", "s.json", "--password-env", "PA_PIN"],
        ["activation", "create", "--device", "d.json", "--server-activation", "-", "--password-env", "PA_PIN"],
        ["activation", "import", "status.json", "--device", "-"],
        [
            "activation", "activate", "--url", "https://127.0.0.1:1", "--code", "AAAAA-AAAAA-AAAAA-AAAAA",
            "--sdk-config", "x", "--device", "-", "--password-env", "PA_PIN",
        ],
        ["activation", "status", "--url", "https://127.0.0.1:1", "--device", "-"],
        ["token", "create", "--url", "https://127.0.0.1:1", "--device", "-"],
        ["sync", "list", "--url", "https://127.0.0.1:1", "--device", "-"],
        ["sync", "approve", "op", "--url", "https://127.0.0.1:1", "--device", "-", "--password-env", "PA_PIN"],
    ])
    func dashIsRefusedWhereAFileIsWrittenBack(_ arguments: [String]) async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await CLIRunner.run(
            arguments, stdin: Data("{}".utf8), environment: ["PA_PIN": "1234"], currentDirectory: directory)
        #expect(result.status == 64)
        #expect(result.stderr.contains("'-'") || result.stderr.contains(" - is not allowed"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("-").path))
    }

    @Test func hardLinkedDeviceAndServerFilesAreRefusedSoNoCodeIsPrintedTwice() async throws {
        let setup = try await CodeCLITests.Setup()
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let operation = try await setup.operation()
        let deviceLink = setup.directory.appendingPathComponent("device-link.json").path
        let serverLink = setup.directory.appendingPathComponent("server-link.json").path
        #expect(link(setup.device, deviceLink) == 0 && link(setup.server, serverLink) == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: setup.device))
        var codes: [String] = []
        for path in [setup.device, deviceLink] {
            let result = try await CLIRunner.run(
                ["operation", "approve", "--activation", path, "--password-env", "PA_PIN", "--json", operation],
                environment: ["PA_PIN": "1234"])
            #expect(result.status == 4, "\(result.stdout)")
            #expect(result.stderr.contains("hard links"), "\(result.stderr)")
            if let code = (try? Self.json(result.stdoutData))?["code"] as? String { codes.append(code) }
        }
        #expect(codes.isEmpty, "a code was printed: \(codes)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: setup.device)) == before)
        let verify = try await CLIRunner.run(
            ["code", "verify", "--server", serverLink, "--code", "12345678-87654321", "--operation", operation])
        #expect(verify.status == 4 && verify.stderr.contains("hard links"), "\(verify.stderr)")
    }

    @Test func pinsKeygenOutDashPrintsTheKeyOnStandardOutput() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await CLIRunner.run(["pins", "keygen", "--out", "-"], currentDirectory: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("-----BEGIN PRIVATE KEY-----\n") && result.stdout.hasSuffix("-----\n"))
        #expect(result.stderr.contains("public key B"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("-").path))
        let json = try await CLIRunner.run(["pins", "keygen", "--out", "-", "--json"], currentDirectory: directory)
        #expect(json.status == 64, "\(json.stderr)")
        #expect(!json.stdout.contains("PRIVATE KEY") && json.stdout.contains("\"error\""), "\(json.stdout)")
    }

    @Test func codeVerifyRefusesTheServerFileAsTheDeviceFile() async throws {
        let setup = try await CodeCLITests.Setup()
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let before = try Data(contentsOf: URL(fileURLWithPath: setup.server))
        let result = try await CLIRunner.run(
            [
                "code", "verify", "--server", setup.server, "--activation", setup.server, "--code", "1-1",
                "--operation", try await setup.operation(),
            ])
        #expect(result.status == 64)
        #expect(result.stderr.contains("same file"), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: setup.server)) == before)
    }

    @Test func pruneDryRunMayReadStandardInput() async throws {
        let list = #"{"fingerprints":[]}"#
        let result = try await CLIRunner.run(["pins", "prune", "-", "--dry-run"], stdin: Data(list.utf8))
        #expect(result.status != 64, "\(result.stderr)")
    }

    @Test func anApprovalThatCannotBePrintedSaysWhichCounterWasSpent() async throws {
        guard FileManager.default.isWritableFile(atPath: "/dev/full") else { return }
        let setup = try await CodeCLITests.Setup()
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let operation = try await setup.operation()
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = [
            "operation", "approve", "--activation", setup.device, "--password-env", "PA_PIN", operation,
        ]
        process.environment = ProcessInfo.processInfo.environment.merging(["PA_PIN": "1234"]) { $1 }
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let err = Pipe()
        process.standardError = err
        // In one of `ChildSlots`' slots from start to exit. The child writes a line or two to standard error: the
        // pipe never fills before it exits.
        try await ChildSlots.withSlot {
            try process.run()
            await process.exited()
        }
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 4)
        #expect(stderr.contains("the code for counter 0 was spent"), "\(stderr)")
        // The counter is not rolled back: the next run makes the code for counter 1.
        let device = try Self.json(Data(contentsOf: URL(fileURLWithPath: setup.device)))
        #expect(device["counter"] as? Int == 1)
    }

    @Test func oneFileUnderTwoSpellingsIsAUsageError() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await CLIRunner.run(
            ["activation", "create", "--device", "a.json", "--server", "./a.json", "--password-env", "PA_PIN"],
            environment: ["PA_PIN": "1234"], currentDirectory: directory)
        #expect(result.status == 64)
        #expect(result.stderr.contains("same file"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("a.json").path))
    }

    @Test func aDeviceWriteFailingAfterTheServerFileRemovesIt() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = directory.appendingPathComponent("server.json").path
        let device = directory.appendingPathComponent("device.json").path
        try FileManager.default.createDirectory(atPath: device, withIntermediateDirectories: false)
        let result = try await CLIRunner.run(
            ["activation", "create", "--device", device, "--server", server, "--password-env", "PA_PIN", "--force"],
            environment: ["PA_PIN": "1234"])
        #expect(result.status == 4, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: server))
    }

    @Test func aFailedDeviceWriteLeavesNoServerFile() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = directory.appendingPathComponent("server.json").path
        let device = directory.appendingPathComponent("missing/device.json").path
        let result = try await CLIRunner.run(
            ["activation", "create", "--device", device, "--server", server, "--password-env", "PA_PIN"],
            environment: ["PA_PIN": "1234"])
        #expect(result.status != 0)
        #expect(!FileManager.default.fileExists(atPath: server))
        // Only the (empty, never removed) lock sidecar may remain: no activation file, no temporary.
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(left.allSatisfy { $0.hasPrefix(".") && $0.hasSuffix(".lock") }, "\(left)")
    }

    @Test func aFailedDeviceWriteWithForceRestoresTheOldServerFile() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = directory.appendingPathComponent("server.json")
        try Data("old server file\n".utf8).write(to: server)
        // A folder where the device file should go: the server file is written first, then put back.
        let device = directory.appendingPathComponent("device.json").path
        try FileManager.default.createDirectory(atPath: device, withIntermediateDirectories: false)
        let result = try await CLIRunner.run(
            [
                "activation", "create", "--device", device, "--server", server.path, "--password-env", "PA_PIN",
                "--force",
            ],
            environment: ["PA_PIN": "1234"])
        #expect(result.status != 0)
        #expect(try Data(contentsOf: server) == Data("old server file\n".utf8))
    }

    @Test func parallelSyncRunsOnOneDeviceFileNeverReuseACounter() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let serve = try await ServeProcess(in: directory)
        defer { serve.stop() }
        let (device, caPath, url) = (serve.device, serve.caPath, serve.url)
        let runs = 6
        let arguments = [
            "sync", "history", "--password-env", "PIN", "--server", url, "--activation", device, "--ca", caPath,
        ]
        let results = try await Self.runAtOnce(Array(repeating: arguments, count: runs), environment: ["PIN": "1234"])
        // Every run signed once with its own counter: the file advanced once per run (an unlocked run
        // reads a counter another run already used and writes back the same advance).
        let accepted = results.filter { $0.status == 0 }.count
        #expect(accepted >= 1, "\(results.map(\.stderr))")
        let file = try Self.json(Data(contentsOf: URL(fileURLWithPath: device)))
        #expect(file["counter"] as? Int == runs)
        // Runs the server accepted confirmed their counters; only signatures after the last accepted one
        // (or rejected because a later counter overtook them) remain unconfirmed.
        #expect((file["unconfirmedSignatures"] as? Int ?? runs) < runs)

        // One more call the server accepts confirms everything up to it: no lock-out warning is left.
        let last = try await CLIRunner.run(arguments, environment: ["PIN": "1234"])
        #expect(last.status == 0, "\(last.stderr)")
        let show = try await CLIRunner.run(["activation", "show", device, "--json"])
        let summary = try Self.json(show.stdoutData)
        #expect(summary["unconfirmedCodes"] as? Int == 0)
        #expect(summary["warning"] == nil)
    }
}
