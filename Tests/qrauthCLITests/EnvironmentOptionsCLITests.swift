import Foundation
import Testing

/// `QRAUTH_URL`, `QRAUTH_DEVICE`, `QRAUTH_CA` and `QRAUTH_BACKOFFICE_URL` stand in for `--url`, `--device`, `--ca`
/// and `backend --url` when the options are absent; an option given wins; a message names where a bad value came
/// from.
@Suite("Options from the environment", .serialized)
struct EnvironmentOptionsCLITests {
    @Test("sync and activation status reach qrauth serve with QRAUTH_URL, QRAUTH_DEVICE and QRAUTH_CA alone")
    func onlineCommandsFromTheEnvironment() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let serve = try await ServeProcess(in: directory)
        let environment = ["QRAUTH_URL": serve.url, "QRAUTH_DEVICE": serve.device, "QRAUTH_CA": serve.caPath]

        let listed = try await CLIRunner.run(["sync", "list", "--json"], environment: environment)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.hasPrefix("["), "\(listed.stdout)")
        let status = try await CLIRunner.run(["activation", "status"], environment: environment)
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout.contains("ACTIVE"), "\(status.stdout)")

        // The options win: a variable pointing nowhere is not used when the option is there.
        let nowhere = environment.merging(["QRAUTH_URL": "https://127.0.0.1:9"]) { $1 }
        let explicit = try await CLIRunner.run(["sync", "list", "--url", serve.url], environment: nowhere)
        #expect(explicit.status == 0, "\(explicit.stderr)")
        // Without the CA from anywhere, the test server's certificate is not trusted.
        let untrusted = try await CLIRunner.run(
            ["sync", "list"], environment: environment.filter { $0.key != "QRAUTH_CA" })
        #expect(untrusted.status != 0)
    }

    @Test("backend takes its REST base from QRAUTH_BACKOFFICE_URL")
    func backOfficeFromTheEnvironment() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let serve = try await ServeProcess(in: directory, arguments: ["--backoffice"], lineCount: 8)
        let rest = try #require(serve.value("backoffice"), "serve printed \(serve.lines)")
        let apps = try await CLIRunner.run(
            ["backend", "app", "list"], environment: ["QRAUTH_BACKOFFICE_URL": rest, "QRAUTH_CA": serve.caPath])
        #expect(apps.status == 0, "\(apps.stderr)")
        #expect(!apps.stdout.isEmpty)
    }

    @Test("neither the option nor the variable: usage error naming both; a bad variable is named in the message")
    func missingAndBadValues() async throws {
        let cases: [([String], String)] = [
            (["sync", "list", "--device", "phone.json"], "missing --url URL (or set QRAUTH_URL)"),
            (["sync", "list", "--url", "https://127.0.0.1:9"], "missing --device FILE (or set QRAUTH_DEVICE)"),
            (["activation", "status", "--device", "phone.json"], "missing --url URL (or set QRAUTH_URL)"),
            (["token", "create", "--url", "https://127.0.0.1:9"], "missing --device FILE (or set QRAUTH_DEVICE)"),
            (["backend", "app", "list"], "missing --url URL (or set QRAUTH_BACKOFFICE_URL)"),
        ]
        for (arguments, message) in cases {
            let result = try await CLIRunner.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        let plain = try await CLIRunner.run(
            ["sync", "list"], environment: ["QRAUTH_URL": "http://127.0.0.1:9", "QRAUTH_DEVICE": "phone.json"])
        #expect(plain.status == 64)
        #expect(plain.stderr.contains("QRAUTH_URL http://127.0.0.1:9 is plain HTTP"), "\(plain.stderr)")
        // An empty variable is no value.
        let empty = try await CLIRunner.run(["backend", "app", "list"], environment: ["QRAUTH_BACKOFFICE_URL": ""])
        #expect(empty.stderr.contains("missing --url URL (or set QRAUTH_BACKOFFICE_URL)"), "\(empty.stderr)")
    }

    @Test("--help names the variables")
    func helpNamesTheVariables() async throws {
        for (command, variables) in [
            (["sync", "list"], ["$QRAUTH_URL", "$QRAUTH_DEVICE", "$QRAUTH_CA"]),
            (["activation", "activate"], ["$QRAUTH_URL", "$QRAUTH_DEVICE", "$QRAUTH_CA"]),
            (["token", "create"], ["$QRAUTH_URL", "$QRAUTH_DEVICE"]),
            (["backend", "operation", "create"], ["$QRAUTH_BACKOFFICE_URL", "$QRAUTH_CA"]),
        ] {
            let help = try await CLIRunner.run(command + ["--help"]).stdout.replacingOccurrences(of: "\n", with: " ")
            for variable in variables { #expect(help.contains(variable), "\(command) --help: no \(variable)") }
        }
    }
}
