import Foundation
import Testing

/// The options renamed in 0.1.0 for consistent names: the new name works, the old spelling still works for one
/// release and is absent from `--help`, and both at once is a usage error.
@Suite("renamed options and their hidden old spellings")
struct RenamedOptionsCLITests {
    /// The option names listed in a command's help (`--name`, as they appear at the start of option lines).
    static func listedOptions(_ command: [String]) async throws -> Set<String> {
        let help = try await CLIRunner.run(command + ["--help"])
        #expect(help.status == 0, "\(command): \(help.stderr)")
        var names: Set<String> = []
        for line in help.stdout.split(separator: "\n") where line.hasPrefix("  -") {
            for match in line.matches(of: /--[a-z][a-z0-9-]*/) { names.insert(String(match.output)) }
        }
        return names
    }

    @Test(arguments: [
        (["sync", "list"], ["--url", "--device"], ["--server", "--activation"]),
        (["code", "verify"], ["--server-activation", "--device"], ["--server", "--activation"]),
        (["activation", "create"], ["--server-activation", "--device"], ["--server"]),
        (["operation", "create"], ["--server-activation"], ["--server"]),
        (["operation", "approve"], ["--device"], ["--activation"]),
        (["operation", "verify"], ["--device"], ["--activation"]),
        (["scan"], ["--device"], ["--activation"]),
        (["serve"], ["--pins-private-key"], ["--pins-key"]),
        (["pins", "check"], [], ["--list"]),
    ])
    func helpListsTheNewNamesOnly(_ command: [String], _ new: [String], _ old: [String]) async throws {
        let listed = try await Self.listedOptions(command)
        for name in new { #expect(listed.contains(name), "\(command) help lacks \(name)") }
        for name in old { #expect(!listed.contains(name), "\(command) help lists \(name)") }
    }

    @Test func syncTakesURLAndDeviceOrTheirOldSpellings() async throws {
        let url = "http://127.0.0.1:9"
        for spelling in [["--url", url, "--device", "phone.json"], ["--server", url, "--activation", "phone.json"]] {
            // The URL was read: it is refused as plain HTTP, named by its new option name.
            let result = try await CLIRunner.run(["sync", "list"] + spelling)
            #expect(result.status == 64, "\(spelling): \(result.stderr)")
            #expect(result.stderr.contains("--url \(url) is plain HTTP"), "\(spelling): \(result.stderr)")
        }
        let both = try await CLIRunner.run(["sync", "list", "--url", url, "--server", url, "--device", "phone.json"])
        #expect(both.status == 64)
        #expect(both.stderr.contains("give --url once (--server is its old spelling)"), "\(both.stderr)")
        let noDevice = try await CLIRunner.run(["sync", "list", "--url", url])
        #expect(noDevice.status == 64)
        #expect(noDevice.stderr.contains("missing --device FILE"), "\(noDevice.stderr)")
        let noURL = try await CLIRunner.run(["sync", "list", "--device", "phone.json"])
        #expect(noURL.status == 64)
        #expect(noURL.stderr.contains("missing --url URL"), "\(noURL.stderr)")
    }

    @Test func offlineRoundTripWithTheOldSpellings() async throws {
        let setup = try await CodeCLITests.Setup()
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let operation = try await setup.operation()
        let verified = try await CLIRunner.run(["operation", "verify", "--activation", setup.device, operation])
        #expect(verified.status == 0, "\(verified.stderr)")
        let approval = try await CLIRunner.run(
            ["operation", "approve", "--activation", setup.device, "--password-env", "PA_PIN", operation],
            environment: ["PA_PIN": "1234"])
        #expect(approval.status == 0, "\(approval.stderr)")
        let code = approval.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let accepted = try await CLIRunner.run([
            "code", "verify", "--server", setup.server, "--code", code, "--operation", operation, "--activation",
            setup.device, "--json",
        ])
        #expect(accepted.status == 0, "\(accepted.stdout) \(accepted.stderr)")
        #expect(try setup.report(accepted)["valid"] as? Bool == true)

        let both = try await CLIRunner.run([
            "code", "verify", "--server", setup.server, "--server-activation", setup.server, "--code", code,
            "--operation", operation,
        ])
        #expect(both.status == 64)
        #expect(both.stderr.contains("give --server-activation once"), "\(both.stderr)")
        let twice = try await CLIRunner.run(
            ["operation", "verify", "--device", setup.device, "--activation", setup.device, operation])
        #expect(twice.status == 64)
        #expect(twice.stderr.contains("give --device once (--activation is its old spelling)"), "\(twice.stderr)")
    }

    @Test func serverFilesByTheirOldSpelling() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (device, server) = (
            directory.appendingPathComponent("phone.json").path, directory.appendingPathComponent("bank.json").path
        )
        let created = try await CLIRunner.run(
            ["activation", "create", "--device", device, "--server", server, "--password-env", "PIN"],
            environment: ["PIN": "1234"])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(FileManager.default.fileExists(atPath: server))
        let operation = try await CLIRunner.run(["operation", "create", "--server", server, "--data", "A1*A100CZK"])
        #expect(operation.status == 0, "\(operation.stderr)")
        let verified = try await CLIRunner.run([
            "operation", "verify", "--device", device, String(operation.stdout.dropLast()),
        ])
        #expect(verified.status == 0, "\(verified.stderr)")

        let both = try await CLIRunner.run([
            "operation", "create", "--server", server, "--server-activation", server, "--data", "A1*A100CZK",
        ])
        #expect(both.status == 64)
        #expect(both.stderr.contains("give --server-activation once"), "\(both.stderr)")
        let none = try await CLIRunner.run(["activation", "create", "--device", device, "--password-env", "PIN"])
        #expect(none.status == 64)
        #expect(none.stderr.contains("missing --server-activation FILE"), "\(none.stderr)")
    }

    @Test func scanChecksSignaturesWithDeviceOrActivation() async throws {
        let setup = try await CodeCLITests.Setup()
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let qr = setup.directory.appendingPathComponent("op.png").path
        _ = try await setup.operation(extra: ["--qr", qr])
        for option in ["--device", "--activation"] {
            let scanned = try await CLIRunner.run(["scan", "--json", option, setup.device, qr])
            #expect(scanned.status == 0, "\(option): \(scanned.stderr)")
            let line = try #require(scanned.stdoutData.split(separator: UInt8(ascii: "\n")).first)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
            let symbol = try #require((object["symbols"] as? [[String: Any]])?.first)
            #expect(symbol["verdict"] as? String == "valid", "\(option): \(scanned.stdout)")
        }
    }

    @Test func servePinsPrivateKeyOrItsOldSpelling() async throws {
        // Either spelling is read: without --pins-list it is refused by name.
        for option in ["--pins-private-key", "--pins-key"] {
            let result = try await CLIRunner.run(["serve", "--http", option, "k.pem"])
            #expect(result.status == 64, "\(option): \(result.stderr)")
            #expect(result.stderr.contains("--pins-list and --pins-private-key go together"), "\(result.stderr)")
        }
        let both = try await CLIRunner.run(["serve", "--http", "--pins-private-key", "k.pem", "--pins-key", "k.pem"])
        #expect(both.status == 64)
        #expect(both.stderr.contains("give --pins-private-key once"), "\(both.stderr)")
    }

    @Test func pinsCheckTakesTheListAsAnArgumentOrWithList() async throws {
        for list in [[PinsCLITests.payload], ["--list", PinsCLITests.payload]] {
            let result = try await CLIRunner.run(
                ["pins", "check"] + list + [
                    "--public-key", PinsCLITests.k2, "--cert", PinsCLITests.google, "--now", PinsCLITests.googleTime,
                ])
            #expect(result.status == 0, "\(list): \(result.stderr)")
            #expect(result.stdout == "trusted\n")
        }
        let both = try await CLIRunner.run([
            "pins", "check", PinsCLITests.payload, "--list", PinsCLITests.payload, "--public-key", PinsCLITests.k2,
            "--cert", PinsCLITests.google,
        ])
        #expect(both.status == 64)
        let none = try await CLIRunner.run([
            "pins", "check", "--public-key", PinsCLITests.k2, "--cert", PinsCLITests.google,
        ])
        #expect(none.status == 64)
        #expect(none.stderr.contains("missing the list file"), "\(none.stderr)")
    }
}
