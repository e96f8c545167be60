import Foundation
import Testing

/// `serve --ready-file F`: an old F is removed at start, and F appears (whole, with the lines serve prints) only
/// once every listener accepts connections, so a script waits for the file instead of parsing the output.
@Suite("serve --ready-file")
struct ServeReadyFileCLITests {
    @Test("written once both listeners accept connections, with the printed lines; a stale one is replaced")
    func readyFile() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ready = directory.appendingPathComponent("ready.txt")
        try Data("stale\n".utf8).write(to: ready)
        let serve = try await ServeProcess(
            in: directory, arguments: ["--backoffice", "--backoffice-port", "0", "--ready-file", ready.path],
            lineCount: 8)
        // The process printed its lines; the file may be written a moment after them.
        var text = ""
        for _ in 0..<100 {
            text = (try? String(contentsOf: ready, encoding: .utf8)) ?? ""
            if text.hasPrefix("https://") { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines == serve.lines, "ready file: \(text)")
        let backOffice = try #require(serve.value("backoffice"))
        // Both listeners answer: the Mobile Token API and the back office on its own port.
        for url in [serve.url + "/app/init?appName=x", backOffice + "/v3/application/list"] {
            #expect(try await ServeCLITests.curl(["-o", "/dev/null", "--cacert", serve.caPath, url]) == 0, "\(url)")
        }
        #expect(try FileManager.default.attributesOfItem(atPath: ready.path)[.posixPermissions] as? Int == 0o644)
    }

    @Test("--ready-file - is a usage error")
    func standardOutputIsRefused() async throws {
        let result = try await CLIRunner.run(["serve", "--port", "0", "--http", "--ready-file", "-"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--ready-file -"), "\(result.stderr)")
    }

    /// A ready file that cannot be written stops the server (a script waiting for it would wait forever): exit 4,
    /// the reason on stderr, the state file in place.
    @Test func anUnwritableReadyFileStopsTheServerWithItsStateSaved() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let state = directory.appendingPathComponent("state.json")
        let ready = directory.appendingPathComponent("missing/ready.txt")
        let result = try await CLIRunner.runProcess(
            CLIRunner.executable,
            ["serve", "--port", "0", "--http", "--state", state.path, "--ready-file", ready.path],
            environment: [:], timeout: 60)
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stderr.contains("cannot write the ready file"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: state.path))
    }
}
