import Foundation
import Testing

/// `-q/--quiet` and `-v/--verbose` (`-vv`) on every command: what they add to or remove from standard
/// error, that standard output stays the same, and that `-vv` never prints a secret.
@Suite("qrauth -q / -v / -vv", .serialized)
struct VerbosityCLITests {
    /// Every leaf command of the tree, as `qrauth --experimental-dump-help` describes it.
    static func leafCommands() async throws -> [(path: [String], names: Set<String>)] {
        let dump = try await CLIRunner.run(["--experimental-dump-help"])
        try #require(dump.status == 0, "\(dump.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: dump.stdoutData) as? [String: Any])
        var leaves: [(path: [String], names: Set<String>)] = []
        func walk(_ command: [String: Any], _ path: [String]) {
            let subcommands = command["subcommands"] as? [[String: Any]] ?? []
            if subcommands.isEmpty {
                var names: Set<String> = []
                for argument in command["arguments"] as? [[String: Any]] ?? [] {
                    for name in argument["names"] as? [[String: Any]] ?? [] {
                        let kind = name["kind"] as? String ?? ""
                        names.insert((kind == "short" ? "-" : "--") + (name["name"] as? String ?? ""))
                    }
                }
                leaves.append((path, names))
            }
            for sub in subcommands {
                guard let name = sub["commandName"] as? String, name != "help" else { continue }
                walk(sub, path + [name])
            }
        }
        walk(try #require(root["command"] as? [String: Any]), [])
        return leaves
    }

    @Test("every leaf command has -q/--quiet and -v/--verbose")
    func everyCommandHasTheFlags() async throws {
        let leaves = try await Self.leafCommands()
        #expect(leaves.count > 40, "\(leaves.map(\.path))")
        for leaf in leaves {
            for flag in ["-q", "--quiet", "-v", "--verbose"] {
                #expect(leaf.names.contains(flag), "\(leaf.path.joined(separator: " ")) lacks \(flag)")
            }
        }
    }

    @Test("-q removes the warning and the note; the result on standard output is the same; -q -v is a usage error")
    func quietRemovesWarnings() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = directory.appendingPathComponent("k.pem").path
        let loud = try await CLIRunner.run(["pins", "keygen", "--out", key, "--password", "s3cret-pw"])
        #expect(loud.status == 0, "\(loud.stderr)")
        #expect(loud.stderr.contains("qrauth: warning: --password puts the password"))
        #expect(loud.stderr.contains("qrauth: wrote encrypted P-256 key"))

        let quietKey = directory.appendingPathComponent("q.pem").path
        for flag in ["-q", "--quiet"] {
            try? FileManager.default.removeItem(atPath: quietKey)
            let quiet = try await CLIRunner.run(["pins", "keygen", "--out", quietKey, "--password", "s3cret-pw", flag])
            #expect(quiet.status == 0, "\(quiet.stderr)")
            #expect(quiet.stderr.isEmpty, "\(flag): \(quiet.stderr)")
            #expect(quiet.stdout.split(separator: "\n").count == 1, "\(quiet.stdout)")
        }

        // An error still prints with -q.
        let failed = try await CLIRunner.run(["operation", "parse", "not an operation", "-q"])
        #expect(failed.status == 4)
        #expect(failed.stderr.hasPrefix("qrauth: "), "\(failed.stderr)")

        let both = try await CLIRunner.run(["version", "-q", "-v"])
        #expect(both.status == 64)
        #expect(both.stderr.contains("-q or -v"), "\(both.stderr)")
    }

    @Test("-v says which file it reads; without -v nothing is added")
    func verboseOffline() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("op.txt")
        try Data("not an operation".utf8).write(to: input)
        let plain = try await CLIRunner.run(["operation", "parse", "--input", input.path])
        let verbose = try await CLIRunner.run(["operation", "parse", "--input", input.path, "-v"])
        #expect(plain.status == verbose.status)
        #expect(!plain.stderr.contains("reading"))
        #expect(verbose.stderr.contains("qrauth: reading the operation from \(input.path)"), "\(verbose.stderr)")

        // approve: -v says where the counter was saved; -q keeps only the code (no wrong-password warning).
        let (device, server) = try await CLIRunner.activation(in: directory)
        let operation = try await CLIRunner.run([
            "operation", "create", "--server-activation", server, "--title", "Pay", "--data", "A1*A100CZK",
        ]).stdout.trimmingCharacters(in: .newlines)
        let approve = ["operation", "approve", operation, "--device", device, "--password-env", "PIN"]
        let told = try await CLIRunner.run(approve + ["-v"], environment: ["PIN": "1234"])
        #expect(told.status == 0, "\(told.stderr)")
        #expect(told.stderr.contains("qrauth: counter 0 spent and saved in \(device)"), "\(told.stderr)")
        #expect(told.stderr.contains("warning: a wrong password"))
        let silent = try await CLIRunner.run(approve + ["-q"], environment: ["PIN": "1234"])
        #expect(silent.status == 0, "\(silent.stderr)")
        #expect(silent.stderr.isEmpty, "\(silent.stderr)")
        #expect(silent.stdout.split(separator: "\n").count == 1)
    }

    @Test(
        "-v prints each HTTP request and its status; -vv adds bodies with no password, key, token secret or signature")
    func verboseNetwork() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let password = "pw-7391-Zq"
        let serve = try await ServeProcess(in: directory, arguments: ["--admin"], lineCount: 4, pin: password)
        defer { serve.stop() }
        let common = ["--url", serve.url, "--device", serve.device, "--ca", serve.caPath]

        let plain = try await CLIRunner.run(["sync", "list"] + common)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(!plain.stderr.contains("HTTP"), "\(plain.stderr)")

        let verbose = try await CLIRunner.run(["sync", "list", "-v"] + common)
        #expect(verbose.status == 0, "\(verbose.stderr)")
        #expect(verbose.stdout == plain.stdout)
        #expect(verbose.stderr.contains("qrauth: HTTP request POST \(serve.url)/api/auth/token/app/operation/list"))
        #expect(verbose.stderr.contains("qrauth: HTTP response 200"), "\(verbose.stderr)")
        #expect(!verbose.stderr.contains("X-PowerAuth"), "-v prints no headers: \(verbose.stderr)")

        let created = try await ServeCLITests.curl([
            "--cacert", serve.caPath, "-o", "/dev/null", "-d",
            #"{"data":"A1*A100CZK*Q238400856/0300**D20190629*NUtility","title":"Confirm Payment"}"#,
            "\(serve.url)/admin/operations",
        ])
        try #require(created == 0)
        let listed = try await CLIRunner.run(["sync", "list", "--json"] + common)
        let operations = try #require(try JSONSerialization.jsonObject(with: listed.stdoutData) as? [[String: Any]])
        let id = try #require(operations.first?["id"] as? String)

        let debug = try await CLIRunner.run(
            ["sync", "approve", id, "--password-env", "PIN", "-vv"] + common, environment: ["PIN": password])
        #expect(debug.status == 0, "\(debug.stderr)")
        #expect(debug.stderr.contains("X-PowerAuth-Authorization: <redacted>"), "\(debug.stderr)")
        #expect(debug.stderr.contains("X-PowerAuth-Token: <redacted>"), "\(debug.stderr)")
        #expect(debug.stderr.contains(id), "the bodies are there: \(debug.stderr)")
        #expect(!debug.stderr.contains("pa_signature=\""), "\(debug.stderr)")
        #expect(!debug.stderr.contains("token_digest=\""), "\(debug.stderr)")
        #expect(!debug.stderr.contains(password))
        // No secret of the device file (keys, token secret, counter data) reaches the log.
        let device = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: serve.device)))
                as? [String: Any])
        let token = try #require(device["token"] as? [String: Any])
        let knowledge = try #require(device["knowledgeKey"] as? [String: Any])
        let secrets = [
            device["applicationSecret"], device["possessionKey"], device["transportKey"], device["ctrData"],
            token["secret"], knowledge["encryptedKey"],
        ].compactMap { $0 as? String }
        #expect(secrets.count == 6)
        for secret in secrets {
            #expect(!debug.stderr.contains(secret), "a secret of the device file is in the -vv log")
        }
    }
}
