import Foundation
import Testing

/// `qrauth inbox`, `qrauth push register` and `sync approve|reject --mobile-token-data` against `qrauth serve`:
/// both built executables, HTTPS on a random loopback port.
@Suite("qrauth inbox, push and mobileTokenData against qrauth serve", .serialized)
struct InboxPushServeCLITests {
    /// An admin call with curl; the answer's `responseObject`.
    static func admin(_ serve: ServeProcess, _ path: String, body: String? = nil) async throws -> Any? {
        var arguments = ["-s", "-S", "--cacert", serve.caPath]
        if let body { arguments += ["-d", body] }
        let result = try await CLIRunner.runProcess(
            URL(fileURLWithPath: "/usr/bin/curl"), arguments + ["\(serve.url)\(path)"], environment: [:],
            noColor: false, timeout: nil)
        try #require(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any]
        return object?["responseObject"]
    }

    @Test("inbox count, list, detail, read, read-all (--json and text); errors and usage")
    func inbox() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let serve = try await ServeProcess(in: directory, arguments: ["--admin"])
        defer { serve.stop() }
        let common = ["--url", serve.url, "--device", serve.device, "--ca", serve.caPath]
        for (subject, body) in [("Statement", "Your statement is ready."), ("Offer", "<b>New\u{1b}[31m</b>")] {
            _ = try await Self.admin(
                serve, "/admin/inbox",
                body:
                    #"{"subject":"\#(subject)","body":"\#(body.replacingOccurrences(of: "\u{1b}", with: "\\u001b"))","type":"html"}"#
            )
        }

        let count = try await CLIRunner.run(["inbox", "count", "--json"] + common)
        #expect(count.status == 0, "\(count.stderr)")
        #expect((try JSONSerialization.jsonObject(with: count.stdoutData) as? [String: Int]) == ["countUnread": 2])

        let list = try await CLIRunner.run(["inbox", "list", "--json"] + common)
        #expect(list.status == 0, "\(list.stderr)")
        let messages = try #require(try JSONSerialization.jsonObject(with: list.stdoutData) as? [[String: Any]])
        #expect(messages.map { $0["subject"] as? String } == ["Offer", "Statement"])
        let offer = try #require(messages[0]["id"] as? String)
        let statement = try #require(messages[1]["id"] as? String)

        let text = try await CLIRunner.run(["inbox", "list"] + common)
        #expect(text.status == 0 && text.stdout.contains("unread") && text.stdout.contains("Statement"))

        let detail = try await CLIRunner.run(["inbox", "detail", offer, "--json"] + common)
        #expect(detail.status == 0, "\(detail.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: detail.stdoutData) as? [String: Any])
        #expect(object["body"] as? String == "<b>New\u{1b}[31m</b>" && object["read"] as? Bool == false)
        let human = try await CLIRunner.run(["inbox", "detail", offer] + common)
        #expect(human.status == 0 && human.stdout.contains("\\u{1b}[31m") && !human.stdout.contains("\u{1b}"))

        #expect(try await CLIRunner.run(["inbox", "read", statement] + common).status == 0)
        let one = try await CLIRunner.run(["inbox", "count"] + common)
        #expect(one.status == 0 && one.stdout == "1 unread\n")
        let unread = try await CLIRunner.run(["inbox", "list", "--unread", "--json"] + common)
        #expect((try JSONSerialization.jsonObject(with: unread.stdoutData) as? [[String: Any]])?.count == 1)
        let readAll = try await CLIRunner.run(["inbox", "read-all", "--json"] + common)
        #expect(readAll.status == 0 && readAll.stdout.contains(#""read" : true"#))
        let none = try await CLIRunner.run(["inbox", "count", "--json"] + common)
        #expect((try JSONSerialization.jsonObject(with: none.stdoutData) as? [String: Int]) == ["countUnread": 0])

        // Every --json document follows docs/json.md.
        for (command, arguments) in [
            ("inbox count", ["inbox", "count"]), ("inbox list", ["inbox", "list"]),
            ("inbox detail", ["inbox", "detail", offer]), ("inbox read", ["inbox", "read", offer]),
            ("inbox read-all", ["inbox", "read-all"]),
        ] {
            let result = try await CLIRunner.run(arguments + ["--json"] + common)
            let document = try JSONSerialization.jsonObject(with: result.stdoutData)
            #expect(JSONVocabularyCLITests.problems(document, command: command).isEmpty, "\(command)")
        }
        // A message that does not exist: the server's INVALID_REQUEST, exit 5; usage errors exit 64.
        let missing = try await CLIRunner.run(["inbox", "detail", "no-such-id", "--json"] + common)
        #expect(missing.status == 5 && missing.stdout.contains("\"error\""))
        #expect(missing.stderr.contains("INVALID_REQUEST"))
        #expect(try await CLIRunner.run(["inbox", "list", "--size", "0"] + common).status == 64)
        #expect(try await CLIRunner.run(["inbox", "count", "--url", serve.url, "--ca", serve.caPath]).status == 64)
        // A device the server does not know: POWERAUTH_AUTH_FAIL, exit 1.
        let other = directory.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let (stranger, _) = try await CLIRunner.activation(in: other, pin: "1234")
        let refused = try await CLIRunner.run(
            ["inbox", "count", "--url", serve.url, "--device", stranger, "--ca", serve.caPath])
        #expect(refused.status == 1, "\(refused.stderr)")
    }

    @Test("push register: stored and listed by /admin/push; legacy platform, signed endpoint; refusals")
    func push() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let serve = try await ServeProcess(in: directory, arguments: ["--admin"])
        defer { serve.stop() }
        let common = ["--url", serve.url, "--device", serve.device, "--ca", serve.caPath]

        let registered = try await CLIRunner.run(
            ["push", "register", "--platform", "fcm", "--token", "fcm-abc", "--json"] + common)
        #expect(registered.status == 0, "\(registered.stderr)")
        #expect(registered.stdout.contains(#""token" : "fcm-abc""#))
        let document = try JSONSerialization.jsonObject(with: registered.stdoutData)
        #expect(JSONVocabularyCLITests.problems(document, command: "push register").isEmpty)
        var listed = try #require(try await Self.admin(serve, "/admin/push") as? [[String: Any]])
        #expect(listed.count == 1 && listed[0]["token"] as? String == "fcm-abc")
        #expect(listed[0]["platform"] as? String == "fcm" && listed[0]["authentication"] as? String == "token")

        let legacy = try await CLIRunner.run(
            ["push", "register", "--platform", "ios", "--token", "apns-1", "--environment", "production", "--signed"]
                + common)
        #expect(legacy.status == 0, "\(legacy.stderr)")
        #expect(legacy.stdout == "registered ios token, production\n")
        listed = try #require(try await Self.admin(serve, "/admin/push") as? [[String: Any]])
        #expect(listed.count == 1 && listed[0]["service"] as? String == "apns")
        #expect(listed[0]["environment"] as? String == "production")
        #expect(listed[0]["authentication"] as? String == "signature")

        let refused = try await CLIRunner.run(
            ["push", "register", "--platform", "hms", "--token", "has space"] + common)
        #expect(refused.status == 5 && refused.stderr.contains("PUSH_REGISTRATION_FAILED"))
        #expect(
            try await CLIRunner.run(["push", "register", "--platform", "wns", "--token", "t"] + common).status == 64)
        #expect(
            try await CLIRunner.run(["push", "register", "--platform", "fcm", "--token", ""] + common).status == 64)
        #expect(
            try await CLIRunner.run(
                ["push", "register", "--platform", "fcm", "--token", "t", "--environment", "staging"] + common
            ).status == 64)
    }

    @Test("sync approve|reject --mobile-token-data FILE|- and --pre-approval-screen: stored with the operation")
    func mobileTokenData() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let serve = try await ServeProcess(in: directory, arguments: ["--admin"])
        defer { serve.stop() }
        let common = ["--url", serve.url, "--device", serve.device, "--ca", serve.caPath]
        var ids: [String] = []
        for _ in 0..<2 {
            let created = try #require(
                try await Self.admin(serve, "/admin/operations", body: #"{"data":"A1*A100CZK","title":"Pay"}"#)
                    as? [String: Any])
            ids.append(try #require((created["operation"] as? [String: Any])?["id"] as? String))
        }
        let file = directory.appendingPathComponent("mtd.json")
        try Data(#"{"appVersion":"2.0"}"#.utf8).write(to: file)

        let approved = try await CLIRunner.run(
            [
                "sync", "approve", ids[0], "--password-env", "PIN", "--mobile-token-data", file.path,
                "--pre-approval-screen", "fraud-warning:CONTINUE",
            ] + common,
            environment: ["PIN": "1234"])
        #expect(approved.status == 0, "\(approved.stderr)")
        let first = try #require(try await Self.admin(serve, "/admin/operations/\(ids[0])") as? [String: Any])
        let data = try #require(first["mobileTokenData"] as? [String: Any])
        #expect(data["appVersion"] as? String == "2.0")
        let visits = try #require(data["preApprovalScreens"] as? [[String: Any]])
        #expect(visits.count == 1 && visits[0]["screen"] as? String == "fraud-warning")
        #expect(visits[0]["action"] as? String == "CONTINUE")
        #expect((visits[0]["timestampOpened"] as? String)?.hasSuffix("Z") == true)
        #expect(visits[0]["timestampClosed"] is String)

        let rejected = try await CLIRunner.run(
            ["sync", "reject", ids[1], "--mobile-token-data", "-", "--pre-approval-screen", "warning"] + common,
            stdin: Data(#"{"source":"stdin"}"#.utf8))
        #expect(rejected.status == 0, "\(rejected.stderr)")
        let second = try #require(try await Self.admin(serve, "/admin/operations/\(ids[1])") as? [String: Any])
        let rejectedData = try #require(second["mobileTokenData"] as? [String: Any])
        #expect(rejectedData["source"] as? String == "stdin")
        #expect((rejectedData["preApprovalScreens"] as? [[String: Any]])?.first?["action"] as? String == "REJECT")

        // Bad input: not JSON or not an object (exit 4, nothing sent); an unknown action (exit 64).
        try Data("{oops".utf8).write(to: file)
        #expect(
            try await CLIRunner.run(["sync", "reject", ids[1], "--mobile-token-data", file.path] + common).status == 4)
        try Data("[1]".utf8).write(to: file)
        #expect(
            try await CLIRunner.run(["sync", "reject", ids[1], "--mobile-token-data", file.path] + common).status == 4)
        #expect(
            try await CLIRunner.run(["sync", "reject", ids[1], "--pre-approval-screen", "s:LEAVE"] + common).status
                == 64)
    }
}
