import Foundation
import Testing

/// `Samples/e2e-test/e2e-test.sh` as a QA pipeline runs it, against a local `qrauth serve --backoffice`.
@Suite("Samples/e2e-test against qrauth serve --backoffice", .serialized)
struct E2EScriptCLITests {
    /// The script at the package root, found from this file's path.
    static var script: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples/e2e-test/e2e-test.sh")
    }

    @Test("init → activate → commit → operation create → sync approve → detail APPROVED, each step a ✓ line")
    func wholeStory() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let serve = try await ServeProcess(in: directory, arguments: ["--backoffice"], lineCount: 8)
        defer { serve.stop() }
        let result = try await CLIRunner.runProcess(
            URL(fileURLWithPath: "/bin/sh"), [Self.script.path],
            environment: [
                "QRAUTH": CLIRunner.executable.path, "ENROLLMENT_URL": serve.url,
                "ENROLLMENT_TLS": "--ca \(serve.caPath)", "BACKOFFICE_URL": try #require(serve.value("backoffice")),
                "BACKOFFICE_TLS": "--ca \(serve.caPath)", "APPLICATION_ID": try #require(serve.value("application")),
                "WORK": directory.path, "USER_ID": "e2e-alice",
            ], timeout: 300)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let steps = result.stdout.split(separator: "\n").filter { $0.hasPrefix("✓ ") }
        #expect(steps.count == 7, "\(result.stdout)")
        #expect(steps.last == "✓ backend operation detail: APPROVED")
    }
}
