import Foundation
import Testing

/// Named tokens (issue 12) against `qrauth serve`: `token create|remove --name`, `token list`; the device file keeps
/// each token under its name beside possession_universal, and no command prints a token secret.
@Suite("qrauth token --name against qrauth serve", .serialized)
struct NamedTokenServeCLITests {
    typealias Bank = MobileTokenServeCLITests.Bank

    static func device(_ path: String) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    static func named(_ path: String) throws -> [String: [String: Any]] {
        (try device(path)["namedTokens"] as? [String: [String: Any]]) ?? [:]
    }

    /// An activated, committed device file.
    static func activatedPhone(_ bank: Bank) async throws -> String {
        let phone = bank.path("mobile.json")
        let (activationId, code) = try await bank.initActivation()
        let config = bank.path("config.json")
        try Data(#"{"mobileSdkConfig":"\#(bank.sdkConfig)"}"#.utf8).write(to: URL(fileURLWithPath: config))
        let activated = try await CLIRunner.run(
            [
                "activation", "activate", "--url", bank.url, "--code", code, "--config", config, "--device", phone,
                "--password-env", "PIN", "--ca", bank.ca,
            ], environment: ["PIN": "1234"])
        try #require(activated.status == 0, "\(activated.stderr)")
        _ = try await bank.backOffice(["activation", "commit", "--activation-id", activationId])
        return phone
    }

    @Test("create two named tokens, list, remove one: the other still works; --force replaces; no secret printed")
    func namedTokens() async throws {
        let bank = try await Bank()
        defer { bank.stop() }
        let phone = try await Self.activatedPhone(bank)
        let common = ["--url", bank.url, "--device", phone, "--ca", bank.ca]
        var outputs: [CLIResult] = []
        func run(_ arguments: [String]) async throws -> CLIResult {
            let result = try await CLIRunner.run(arguments)
            outputs.append(result)
            return result
        }

        let payments = try await run(["token", "create", "--name", "payments", "--json"] + common)
        try #require(payments.status == 0, "\(payments.stderr)")
        let paymentsDocument = try MobileTokenServeCLITests.json(payments)
        #expect(paymentsDocument["name"] as? String == "payments" && paymentsDocument["status"] as? String == "created")
        let paymentsId = try #require(paymentsDocument["tokenId"] as? String)
        let chat = try await run(["token", "create", "--name", "chat"] + common)
        try #require(chat.status == 0, "\(chat.stderr)")
        let chatId = try #require(try Self.named(phone)["chat"]?["id"] as? String)
        #expect(chat.stdout.contains("created token \(chatId) (chat)"))
        #expect(try Self.named(phone)["payments"]?["id"] as? String == paymentsId)
        #expect(try Self.device(phone)["token"] == nil, "possession_universal untouched")
        let created = try Self.named(phone)
        let chatSecret = try #require(created["chat"]?["secret"] as? String)
        let paymentsSecret = try #require(created["payments"]?["secret"] as? String)

        // A name the file holds: refused without --force, nothing sent or changed.
        let before = try Data(contentsOf: URL(fileURLWithPath: phone))
        let taken = try await run(["token", "create", "--name", "payments", "--json"] + common)
        #expect(taken.status == 64, "\(taken.stderr)")
        #expect(taken.stderr.contains("--force") && taken.stderr.contains(paymentsId))
        #expect(try Data(contentsOf: URL(fileURLWithPath: phone)) == before)

        let listed = try await run(["token", "list", "--device", phone, "--json"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let entries = try #require(try JSONSerialization.jsonObject(with: listed.stdoutData) as? [[String: String]])
        #expect(entries == [["name": "chat", "tokenId": chatId], ["name": "payments", "tokenId": paymentsId]])
        let human = try await run(["token", "list", "--device", phone])
        #expect(human.stdout == "chat  \(chatId)\npayments  \(paymentsId)\n")

        // activation show lists the same names and ids (never a secret), as JSON and for people.
        let shown = try await CLIRunner.run(["activation", "show", phone, "--json"])
        #expect(shown.status == 0, "\(shown.stderr)")
        let shownTokens = try #require(try MobileTokenServeCLITests.json(shown)["tokens"] as? [[String: String]])
        #expect(shownTokens == [["name": "chat", "tokenId": chatId], ["name": "payments", "tokenId": paymentsId]])
        let shownHuman = try await CLIRunner.run(["activation", "show", phone])
        #expect(shownHuman.status == 0, "\(shownHuman.stderr)")
        for secret in [chatSecret, paymentsSecret] {
            #expect(!shown.stdout.contains(secret) && !shownHuman.stdout.contains(secret))
        }
        let tokenLines = shownHuman.stdout.split(separator: "\n").filter { $0.hasPrefix("  token ") }
        #expect(tokenLines.count == 2, "\(shownHuman.stdout)")
        #expect(tokenLines.first?.hasSuffix("chat  \(chatId)") == true, "\(shownHuman.stdout)")
        #expect(tokenLines.last?.hasSuffix("payments  \(paymentsId)") == true, "\(shownHuman.stdout)")

        let removed = try await run(["token", "remove", "--name", "chat", "--json"] + common)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try MobileTokenServeCLITests.json(removed)["tokenId"] as? String == chatId)
        #expect(try Self.named(phone).keys.sorted() == ["payments"])

        let forced = try await run(["token", "create", "--name", "payments", "--force", "--json"] + common)
        #expect(forced.status == 0, "\(forced.stderr)")
        let forcedDocument = try MobileTokenServeCLITests.json(forced)
        #expect(forcedDocument["replacedTokenId"] as? String == paymentsId)
        let newId = try #require(forcedDocument["tokenId"] as? String)
        #expect(newId != paymentsId)
        #expect(try Self.named(phone)["payments"]?["id"] as? String == newId)

        let missing = try await run(["token", "remove", "--name", "chat"] + common)
        #expect(missing.status == 4 && missing.stderr.contains("no token named chat"), "\(missing.stderr)")

        // Which tokens the server still accepts: each put in turn into the possession_universal slot of one copy
        // of the file (one copy, so its counter goes on), whose list sync signs with it; a refused token is
        // replaced once (a new id), an accepted one kept.
        let newSecret = try #require(try Self.named(phone)["payments"]?["secret"] as? String)
        let probe = bank.path("probe.json")
        try FileManager.default.copyItem(atPath: phone, toPath: probe)
        for (name, id, secret, accepted) in [
            ("payments", newId, newSecret, true), ("chat (removed)", chatId, chatSecret, false),
            ("payments (replaced)", paymentsId, paymentsSecret, false),
        ] {
            var object = try Self.device(probe)
            object["token"] = ["id": id, "secret": secret]
            object["namedTokens"] = nil
            try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: probe))
            let synced = try await run(["sync", "list", "--server", bank.url, "--activation", probe, "--ca", bank.ca])
            #expect(synced.status == 0, "\(name): \(synced.stderr)")
            let kept = try (Self.device(probe)["token"] as? [String: Any])?["id"] as? String
            #expect((kept == id) == accepted, "\(name): \(kept ?? "none")")
        }

        let allSecrets = [chatSecret, paymentsSecret, newSecret]
        for output in outputs {
            for secret in allSecrets {
                #expect(!output.stdout.contains(secret) && !output.stderr.contains(secret))
            }
            #expect(!output.stdout.contains("secret"))
        }
    }

    @Test("parallel token create for one name: exactly one creates (one signature), the others find the name taken")
    func parallelCreateForOneName() async throws {
        let bank = try await Bank()
        defer { bank.stop() }
        let phone = try await Self.activatedPhone(bank)
        let counterBefore = try #require(try Self.device(phone)["counter"] as? Int)
        let runs = 4
        let arguments = ["token", "create", "--name", "shared", "--json", "--url", bank.url, "--device", phone]
        let results = try await StateSafetyCLITests.runAtOnce(
            Array(repeating: arguments + ["--ca", bank.ca], count: runs), environment: [:])
        let created = results.filter { $0.status == 0 }
        let taken = results.filter { $0.status == 64 }
        #expect(created.count == 1, "\(results.map(\.stderr))")
        #expect(taken.count == runs - 1, "\(results.map(\.stderr))")
        for result in taken {
            let error = try MobileTokenServeCLITests.json(result)["error"] as? [String: String]
            #expect(error?["code"] == "cli.usage", "\(result.stdout)")
            #expect(error?["message"]?.contains("already holds a token named shared") == true, "\(result.stdout)")
        }
        let winner = try #require(created.first)
        let tokenId = try #require(try MobileTokenServeCLITests.json(winner)["tokenId"] as? String)
        #expect(try Self.named(phone)["shared"]?["id"] as? String == tokenId)
        // The runs that found the name taken sent nothing: only the winner's signature advanced the counter (each
        // unlocked run used to sign its own token/create, and only the last token written stayed in the file).
        #expect(try Self.device(phone)["counter"] as? Int == counterBefore + 1)
    }

    @Test(
        "bad names: exit 64 before anything is read or sent, the name escaped",
        arguments: ["", String(repeating: "n", count: 65), "esc\u{1B}[31m", "line\nbreak", "\u{202E}rtl", " lead"])
    func badNames(_ name: String) async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let phone = directory.appendingPathComponent("none.json").path
        for command in ["create", "remove"] {
            let result = try await CLIRunner.run(
                ["token", command, "--url", "https://127.0.0.1:9", "--device", phone, "--name", name])
            #expect(result.status == 64, "\(command) \(name.debugDescription): \(result.stderr)")
            #expect(result.stderr.contains("--name"))
            #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\u{202E}"))
            #expect(result.stdout.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: phone))
    }

    @Test("token list: no file is exit 4; the shared token of activation create; a file without tokens lists none")
    func listEdges() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = try await CLIRunner.run(["token", "list", "--device", directory.appendingPathComponent("x").path])
        #expect(missing.status == 4)
        let phone = directory.appendingPathComponent("device.json").path
        let server = directory.appendingPathComponent("server.json").path
        let created = try await CLIRunner.run(
            ["activation", "create", "--device", phone, "--server-activation", server, "--password-env", "PIN"],
            environment: ["PIN": "1234"])
        try #require(created.status == 0, "\(created.stderr)")
        let shared = try await CLIRunner.run(["token", "list", "--device", phone, "--json"])
        #expect(shared.status == 0, "\(shared.stderr)")
        let entries = try #require(try JSONSerialization.jsonObject(with: shared.stdoutData) as? [[String: String]])
        #expect(entries.map { $0["name"] } == ["possession_universal"], "activation create shares one")
        var object = try Self.device(phone)
        object["token"] = nil
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: phone))
        let json = try await CLIRunner.run(["token", "list", "--device", phone, "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect((try JSONSerialization.jsonObject(with: json.stdoutData) as? [Any])?.isEmpty == true, "\(json.stdout)")
        let human = try await CLIRunner.run(["token", "list", "--device", phone])
        #expect(human.status == 0 && human.stdout.isEmpty && human.stderr.contains("holds no tokens"))
    }
}
