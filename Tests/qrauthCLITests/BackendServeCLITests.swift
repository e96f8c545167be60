import Foundation
import Testing

/// Every `qrauth backend` command against a real `qrauth serve --backoffice` (both built executables), with the
/// wrong-state cases and Basic authentication on and off.
@Suite("qrauth backend against qrauth serve --backoffice", .serialized)
struct BackendServeCLITests {
    /// `name: value` of a human answer.
    static func field(_ name: String, _ output: String) -> String? {
        output.split(separator: "\n").first { $0.hasPrefix(name + ": ") }.map { String($0.dropFirst(name.count + 2)) }
    }

    static func activationId(_ device: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: device)))
        return try #require((object as? [String: Any])?["activationId"] as? String)
    }

    @Test("apps, activations, templates, operations and offline payloads; wrong states and unknown ids exit 5")
    func everyCommand() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let serve = try await ServeProcess(in: directory, arguments: ["--backoffice"], lineCount: 8)
        defer { serve.stop() }
        let url = try #require(serve.value("backoffice"))
        let application = try #require(serve.value("application"))
        let common = ["--url", url, "--ca", serve.caPath]
        func backend(_ arguments: [String]) async throws -> CLIResult {
            try await CLIRunner.run(["backend"] + arguments + common)
        }

        // Applications.
        let apps = try await backend(["app", "list"])
        #expect(apps.status == 0, "\(apps.stderr)")
        #expect(apps.stdout.contains(application))
        let detail = try await backend(["app", "detail", "--application-id", application])
        #expect(detail.status == 0, "\(detail.stderr)")
        #expect(detail.stdout.contains("sdk-config: ") && detail.stdout.contains("master-public-key: "))
        #expect(detail.stdout.contains(try #require(serve.value("sdk-config"))))
        let created = try await backend(["app", "create", "--application-id", "second-app"])
        #expect(created.status == 0, "\(created.stderr)")
        let version = try await backend([
            "app", "version", "create", "--application-id", "second-app", "--version-id", "v2",
        ])
        #expect(version.status == 0, "\(version.stderr)")
        #expect(Self.field("sdk-config", version.stdout)?.isEmpty == false)
        let twice = try await backend(["app", "create", "--application-id", "second-app"])
        #expect(twice.status == 5)
        let unknownApp = try await backend(["app", "detail", "--application-id", "no-such-app"])
        #expect(unknownApp.status == 5 && unknownApp.stderr.contains("ERR0015"), "\(unknownApp.stderr)")

        // Activation lifecycle of a fresh CREATED activation: commit and block are wrong states.
        let initialised = try await backend([
            "activation", "init", "--user-id", "alice", "--application-id", application,
        ])
        #expect(initialised.status == 0, "\(initialised.stderr)")
        let fresh = try #require(Self.field("activation-id", initialised.stdout))
        #expect(Self.field("activation-code", initialised.stdout)?.count == 23)
        let status = try await backend(["activation", "status", "--activation-id", fresh])
        #expect(Self.field("status", status.stdout) == "CREATED", "\(status.stdout)\(status.stderr)")
        let early = try await backend(["activation", "commit", "--activation-id", fresh])
        #expect(early.status == 5 && early.stderr.contains("ERR0008"), "\(early.stderr)")
        #expect(early.stdout.isEmpty)
        let listed = try await backend(["activation", "list", "--user-id", "alice"])
        #expect(listed.status == 0 && listed.stdout.contains(fresh), "\(listed.stderr)")
        let removed = try await backend(["activation", "remove", "--activation-id", fresh])
        #expect(removed.status == 0 && Self.field("removed", removed.stdout) == "true", "\(removed.stderr)")
        let blockRemoved = try await backend(["activation", "block", "--activation-id", fresh])
        #expect(blockRemoved.status == 5 && blockRemoved.stderr.contains("ERR0008"), "\(blockRemoved.stderr)")
        // An unknown activation: status answers REMOVED as the real server does; changing it is ERR0009.
        let ghost = "00000000-0000-0000-0000-000000000000"
        let unknown = try await backend(["activation", "status", "--activation-id", ghost])
        #expect(unknown.status == 0 && Self.field("status", unknown.stdout) == "REMOVED", "\(unknown.stderr)")
        let blockUnknown = try await backend(["activation", "block", "--activation-id", ghost])
        #expect(blockUnknown.status == 5 && blockUnknown.stderr.contains("ERR0009"), "\(blockUnknown.stderr)")

        // A code activation made ACTIVE by the phone and a commit: a second commit is a wrong state.
        let second = try await backend(["activation", "init", "--user-id", "bob", "--application-id", application])
        let secondId = try #require(Self.field("activation-id", second.stdout))
        let phone = directory.appendingPathComponent("bob.json").path
        let activated = try await CLIRunner.run(
            [
                "activation", "activate", "--url", serve.url, "--ca", serve.caPath, "--code",
                try #require(Self.field("activation-code", second.stdout)), "--sdk-config",
                try #require(serve.value("sdk-config")), "--device", phone, "--password-env", "PIN",
            ], environment: ["PIN": "1234"])
        #expect(activated.status == 0, "\(activated.stderr)")
        let pending = try await backend(["activation", "status", "--activation-id", secondId])
        #expect(Self.field("status", pending.stdout) == "PENDING_COMMIT", "\(pending.stdout)")
        let committed = try await backend(["activation", "commit", "--activation-id", secondId])
        #expect(committed.status == 0 && Self.field("activated", committed.stdout) == "true", "\(committed.stderr)")
        let again = try await backend(["activation", "commit", "--activation-id", secondId])
        #expect(again.status == 5 && again.stderr.contains("ERR0008"), "\(again.stderr)")
        #expect(again.stdout.isEmpty)

        // The ACTIVE activation serve was started with: commit is a wrong state, block and unblock work.
        let active = try Self.activationId(serve.device)
        let commitActive = try await backend(["activation", "commit", "--activation-id", active])
        #expect(commitActive.status == 5 && commitActive.stderr.contains("ERR0008"), "\(commitActive.stderr)")
        let blocked = try await backend(["activation", "block", "--activation-id", active, "--reason", "LOST"])
        #expect(Self.field("status", blocked.stdout) == "BLOCKED", "\(blocked.stderr)")
        #expect(Self.field("blocked-reason", blocked.stdout) == "LOST", "\(blocked.stdout)")
        let unblocked = try await backend(["activation", "unblock", "--activation-id", active])
        #expect(Self.field("status", unblocked.stdout) == "ACTIVE", "\(unblocked.stderr)")
        let json = try await CLIRunner.run(
            ["backend", "activation", "status", "--activation-id", active, "--json"] + common)
        let object = try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any]
        #expect(object?["activationStatus"] as? String == "ACTIVE" && object?["activationId"] as? String == active)

        // Templates and operations; the phone approves with sync.
        let template = try await backend([
            "template", "create", "--template", "payment", "--operation-type", "authorize_payment",
            "--data-template", "A1*A${amount}CZK*Q${account}", "--signature-type", "POSSESSION_KNOWLEDGE",
        ])
        #expect(template.status == 0, "\(template.stderr)")
        let templates = try await backend(["template", "list"])
        #expect(templates.stdout.contains("payment"), "\(templates.stderr)")
        let duplicate = try await backend(["template", "create", "--template", "payment", "--data-template", "A1"])
        #expect(duplicate.status == 5 && duplicate.stderr.contains("ERR0039"), "\(duplicate.stderr)")
        let operation = try await backend([
            "operation", "create", "--template", "payment", "--user-id", "alice", "--application-id", application,
            "--param", "amount=100", "--param", "account=238400856/0300",
        ])
        #expect(operation.status == 0, "\(operation.stderr)")
        let operationId = try #require(Self.field("operation-id", operation.stdout))
        #expect(Self.field("data", operation.stdout) == "A1*A100CZK*Q238400856/0300")
        #expect(Self.field("status", operation.stdout) == "PENDING")
        let approved = try await CLIRunner.run(
            [
                "sync", "approve", operationId, "--server", serve.url, "--activation", serve.device, "--ca",
                serve.caPath, "--password-env", "PIN",
            ], environment: ["PIN": "1234"])
        #expect(approved.status == 0, "\(approved.stderr)")
        let after = try await backend(["operation", "detail", "--operation-id", operationId])
        #expect(Self.field("status", after.stdout) == "APPROVED", "\(after.stdout)\(after.stderr)")
        let all = try await backend(["operation", "list", "--user-id", "alice", "--application-id", application])
        #expect(all.status == 0 && all.stdout.contains(operationId), "\(all.stderr)")
        let cancelFinished = try await backend(["operation", "cancel", "--operation-id", operationId])
        #expect(cancelFinished.status == 5 && cancelFinished.stderr.contains("ERR0036"), "\(cancelFinished.stderr)")
        let another = try await backend([
            "operation", "create", "--template", "payment", "--user-id", "alice", "--application-id", application,
            "--param", "amount=5", "--param", "account=1",
        ])
        let anotherId = try #require(Self.field("operation-id", another.stdout))
        let canceled = try await backend(["operation", "cancel", "--operation-id", anotherId, "--reason", "TEST"])
        #expect(Self.field("status", canceled.stdout) == "CANCELED", "\(canceled.stderr)")
        let missing = try await backend(["operation", "detail", "--operation-id", "no-such-operation"])
        #expect(missing.status == 5 && missing.stderr.contains("ERR0034"), "\(missing.stderr)")
        let unknownTemplate = try await backend([
            "operation", "create", "--template", "nope", "--user-id", "alice", "--application-id", application,
        ])
        #expect(unknownTemplate.status == 5 && unknownTemplate.stderr.contains("ERR0033"), "\(unknownTemplate.stderr)")

        // Offline: a personalized payload, rendered; the phone's code verifies, a wrong one does not.
        let png = directory.appendingPathComponent("offline.png").path
        let offline = try await backend([
            "offline", "create", "--activation-id", active, "--title", "Pay", "--message", "100 CZK", "--data",
            "A1*A100CZK", "--qr", png,
        ])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(FileManager.default.fileExists(atPath: png))
        let payload = directory.appendingPathComponent("offline.txt")
        try Data(offline.stdout.utf8).write(to: payload)
        let code = try await CLIRunner.run(
            [
                "operation", "approve", "--input", payload.path, "--activation", serve.device, "--password-env", "PIN",
            ], environment: ["PIN": "1234"])
        try #require(code.status == 0, "\(code.stderr)")
        let approvalCode = try #require(code.stdout.split(separator: "\n").first.map(String.init))
        let valid = try await backend([
            "offline", "verify", "--activation-id", active, "--code", approvalCode, "--input", payload.path,
        ])
        #expect(valid.status == 0 && Self.field("valid", valid.stdout) == "true", "\(valid.stdout)\(valid.stderr)")
        let invalid = try await backend([
            "offline", "verify", "--activation-id", active, "--code", "12345678-12345678", "--input", payload.path,
        ])
        #expect(invalid.status == 1 && Self.field("valid", invalid.stdout) == "false", "\(invalid.stderr)")
        #expect(Self.field("remaining-attempts", invalid.stdout) != nil)
        let master = try await backend(["offline", "create", "--application-id", application, "--data", "A1*A1CZK"])
        #expect(master.status == 0, "\(master.stderr)")
        #expect(master.stdout.hasSuffix("\n") && master.stdout.dropLast().split(separator: "\n").last?.first == "0")
    }

    @Test("Basic authentication: refused without or with a wrong password (exit 5), accepted with the right one")
    func basicAuthentication() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let login = directory.appendingPathComponent("backoffice-login")
        try Data("integration:s3cr3t\n".utf8).write(to: login)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: login.path)
        let serve = try await ServeProcess(
            in: directory, arguments: ["--backoffice", "--backoffice-auth-file", login.path], lineCount: 8)
        defer { serve.stop() }
        let url = try #require(serve.value("backoffice"))
        let common = ["backend", "app", "list", "--url", url, "--ca", serve.caPath]
        let anonymous = try await CLIRunner.run(common)
        #expect(anonymous.status == 5 && anonymous.stderr.contains("ERR_AUTHENTICATION"), "\(anonymous.stderr)")
        #expect(anonymous.stdout.isEmpty)
        let wrong = try await CLIRunner.run(
            common + ["--auth-user", "integration", "--password-env", "PW"], environment: ["PW": "nope"])
        #expect(wrong.status == 5, "\(wrong.stderr)")
        let right = try await CLIRunner.run(
            common + ["--auth-user", "integration", "--password-stdin"], stdin: Data("s3cr3t\n".utf8))
        #expect(right.status == 0, "\(right.stderr)")
        #expect(right.stdout.contains(try #require(serve.value("application"))))
        #expect(!right.stderr.contains("s3cr3t"))
    }

    @Test("an activation OTP: CRLF files keep it whole, --otp-stdin and --otp-file work, -vv hides it, --otp warns")
    func activationOTP() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let serve = try await ServeProcess(in: directory, arguments: ["--backoffice"], lineCount: 8)
        defer { serve.stop() }
        let url = try #require(serve.value("backoffice"))
        let application = try #require(serve.value("application"))
        let otpFile = directory.appendingPathComponent("otp.txt")
        try Data("98765\r\n".utf8).write(to: otpFile)
        var codes: [String] = []
        for _ in 0..<3 {
            let initialised = try await CLIRunner.run([
                "backend", "activation", "init", "--user-id", "carol", "--application-id", application,
                "--commit-phase", "ON_KEY_EXCHANGE", "--otp-file", otpFile.path, "-vv", "--url", url, "--ca",
                serve.caPath,
            ])
            #expect(initialised.status == 0, "\(initialised.stderr)")
            #expect(initialised.stderr.contains("activationOtp"), "-vv logs the body")
            #expect(!initialised.stderr.contains("98765"), "\(initialised.stderr)")
            codes.append(try #require(Self.field("activation-code", initialised.stdout)))
        }
        func activate(_ code: String, _ name: String, _ extra: [String], stdin: Data? = nil) async throws -> CLIResult {
            try await CLIRunner.run(
                [
                    "activation", "activate", "--url", serve.url, "--ca", serve.caPath, "--code", code,
                    "--sdk-config", try #require(serve.value("sdk-config")), "--device",
                    directory.appendingPathComponent(name).path, "--password-env", "PIN",
                ] + extra, stdin: stdin, environment: ["PIN": "1234"])
        }
        let fromStdin = try await activate(codes[0], "a.json", ["--otp-stdin"], stdin: Data("98765\r\n".utf8))
        #expect(fromStdin.status == 0, "\(fromStdin.stderr)")
        #expect(!fromStdin.stderr.contains("--otp puts"))
        let fromFile = try await activate(codes[1], "b.json", ["--otp-file", otpFile.path])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        let fromArgv = try await activate(codes[2], "c.json", ["--otp", "98765"])
        #expect(fromArgv.status == 0, "\(fromArgv.stderr)")
        #expect(fromArgv.stderr.contains("--otp puts the OTP where other users can see it"), "\(fromArgv.stderr)")
        let both = try await activate(codes[2], "d.json", ["--otp", "1", "--otp-env", "PIN"])
        #expect(both.status == 64, "\(both.stderr)")
        let twoStdin = try await CLIRunner.run([
            "activation", "activate", "--url", serve.url, "--code", codes[2],
            "--sdk-config", "x", "--device", "e.json", "--password-stdin", "--otp-stdin",
        ])
        #expect(twoStdin.status == 64, "\(twoStdin.stderr)")
    }
}
