import Foundation
import Testing

/// Untrusted text never reaches a terminal raw: controls, DEL, C1, bidi overrides and line
/// separators are shown as visible escapes in human output, while JSON output stays exact.
@Suite("Terminal escaping", .serialized)
struct TerminalEscapingTests {
    /// Characters that must never appear raw in human output built from untrusted text.
    static let forbidden: [Unicode.Scalar] = [
        "\u{1B}", "\r", "\u{7F}", "\u{9B}", "\u{202E}", "\u{2066}", "\u{200F}", "\u{061C}", "\u{2028}", "\u{2029}",
    ]

    static func expectClean(_ text: String, _ what: String) {
        for scalar in forbidden {
            #expect(!text.unicodeScalars.contains(scalar), "\(what) printed U+\(String(scalar.value, radix: 16)) raw")
        }
    }

    @Test("a crafted list name cannot erase its own BAD-SIGNATURE line")
    func pinsNames() async throws {
        let workspace = try await Workspace.shared()
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let list = directory.appendingPathComponent("list.json")
        let original = try String(contentsOfFile: workspace.path("list"), encoding: .utf8)
        let crafted = original.replacingOccurrences(
            of: "\"name\": \"www.google.com\"", with: #""name": "evil\r\u001b[2Kok \u202Emoc.elgoog\u2028x""#)
        try Data(crafted.utf8).write(to: list)
        let human = try await CLIRunner.run(
            ["pins", "verify", list.path, "--public-key", workspace.publicKey, "--now", "1500000000"])
        #expect(human.status == 1)
        #expect(
            human.stdout.contains(#"BAD-SIGNATURE [0] evil\r\u{1b}[2Kok \u{202e}moc.elgoog\u{2028}x"#),
            "\(human.stdout)")
        Self.expectClean(human.stdout, "pins verify")
        let lint = try await CLIRunner.run(["pins", "lint", list.path, "--now", "1500000000"])
        Self.expectClean(lint.stdout + lint.stderr, "pins lint")

        let json = try await CLIRunner.run(["pins", "verify", list.path, "--public-key", workspace.publicKey, "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        let entries = try #require(report["entries"] as? [[String: Any]])
        #expect(entries.first?["name"] as? String == "evil\r\u{1B}[2Kok \u{202E}moc.elgoog\u{2028}x")
    }

    @Test("a file name with a line feed cannot forge a scan result line")
    func scanFileNames() async throws {
        let workspace = try await Workspace.shared()
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = directory.appendingPathComponent("a.png\nforged.png: PAID \u{1B}[31m").path
        try FileManager.default.copyItem(atPath: workspace.path("png"), toPath: name)
        let result = try await CLIRunner.run(["scan", name])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stdout)")
        #expect(result.stdout.contains(#"a.png\nforged.png: PAID \u{1b}[31m: hello"#), "\(result.stdout)")
        Self.expectClean(result.stdout, "scan")
    }

    @Test("server data shown by sync list and detail is escaped; --json keeps it exact")
    func syncServerData() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let serve = try await ServeProcess(in: directory, arguments: ["--admin"], lineCount: 4)
        defer { serve.stop() }
        let (device, caPath, url) = (serve.device, serve.caPath, serve.url)
        let title = "Pay 1 CZK\r\u{1B}[2KPay 999999 CZK \u{202E}KZC\u{2028}"
        let body = try JSONSerialization.data(withJSONObject: [
            "data": "A1*A999999CZK*Q238400856/0300**D20190629*NUtility", "title": title, "message": "m\u{7F}\u{9B}2J",
        ])
        let bodyFile = directory.appendingPathComponent("body.json")
        try body.write(to: bodyFile)
        let status = try await ServeCLITests.curl([
            "--cacert", caPath, "-o", "/dev/null", "--data-binary", "@\(bodyFile.path)", "\(url)/admin/operations",
        ])
        try #require(status == 0)
        let common = ["--server", url, "--activation", device, "--ca", caPath]

        let listed = try await CLIRunner.run(["sync", "list"] + common)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains(#"Pay 1 CZK\r\u{1b}[2KPay 999999 CZK \u{202e}KZC\u{2028}"#), "\(listed.stdout)")
        Self.expectClean(listed.stdout, "sync list")

        let json = try await CLIRunner.run(["sync", "list", "--json"] + common)
        let operations = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [[String: Any]])
        let id = try #require(operations.first?["id"] as? String)
        let formData = try #require(operations.first?["formData"] as? [String: Any])
        #expect(formData["title"] as? String == title)

        let detail = try await CLIRunner.run(["sync", "detail", id] + common)
        #expect(detail.status == 0, "\(detail.stderr)")
        #expect(detail.stdout.contains(#"message: m\u{7f}\u{9b}2J"#), "\(detail.stdout)")
        Self.expectClean(detail.stdout, "sync detail")
    }
}
