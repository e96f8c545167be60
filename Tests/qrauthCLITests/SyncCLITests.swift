import Foundation
import Testing

@Suite("qrauth sync: exit codes without a server", .timeLimit(.minutes(2)))
struct SyncCLITests {
    @Test("a refused connection exits 5 with a typed message")
    func networkError() async throws {
        let setup = try await CodeCLITests.Setup()
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let result = try await CLIRunner.run(
            ["sync", "list", "--server", "https://127.0.0.1:1", "--activation", setup.device, "--insecure"])
        #expect(result.status == 5, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("qrauth: "))
        #expect(result.stdout.isEmpty)
    }

    @Test("a missing activation exits 4 before connecting")
    func missingActivation() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await CLIRunner.run(
            [
                "sync", "reject", "op-1", "--server", "https://127.0.0.1:1", "--activation",
                directory.appendingPathComponent("none.json").path,
            ])
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stderr.contains("activation"))
    }

    @Test(
        "usage errors exit 64",
        arguments: [
            ["sync", "list", "--server", "https://x.test", "--activation", "a.json", "--pins", "p.json"],
            ["sync", "list", "--server", "http://127.0.0.1:1", "--activation", "a.json"],
            ["sync", "history", "--server", "https://x.test", "--activation", "a.json"],
            ["sync", "list", "--activation", "a.json"],
        ])
    func usage(arguments: [String]) async throws {
        let result = try await CLIRunner.run(arguments)
        #expect(result.status == 64, "\(result.stderr)")
    }
}
