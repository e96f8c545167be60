import Foundation
import Testing

/// The PowerAuth round trip through the built executable: activation → signed operation → approval → check.
@Suite("PowerAuth command line round trip")
struct CodeCLITests {
    static let data = "A1*A100CZK*ICZ2730300000001165254011*D20250101"

    /// A fresh activation pair in a temporary directory.
    struct Setup {
        let directory: URL
        var device: String { directory.appendingPathComponent("device.json").path }
        var server: String { directory.appendingPathComponent("server.json").path }

        init(biometry: Bool = true, lookAhead: Int = 20) async throws {
            directory = try CLIRunner.temporaryDirectory()
            var arguments = [
                "activation", "create", "--device", directory.appendingPathComponent("device.json").path,
                "--server-activation", directory.appendingPathComponent("server.json").path, "--password-env", "PA_PIN",
                "--look-ahead", String(lookAhead),
            ]
            if biometry { arguments.append("--biometry") }
            let result = try await CLIRunner.run(arguments, environment: ["PA_PIN": "1234"])
            #expect(result.status == 0, "\(result.stderr)")
        }

        func operation(flags: String = "B", extra: [String] = []) async throws -> String {
            let result = try await CLIRunner.run(
                [
                    "operation", "create", "--server-activation", server, "--title", "Payment", "--message",
                    "Confirm it",
                    "--data", CodeCLITests.data, "--flags", flags,
                ] + extra)
            #expect(result.status == 0, "\(result.stderr)")
            return String(result.stdout.dropLast())
        }

        func approve(_ operation: String, pin: String = "1234", extra: [String] = []) async throws -> CLIResult {
            try await CLIRunner.run(
                ["operation", "approve", "--device", device, "--password-env", "PA_PIN", operation] + extra,
                environment: ["PA_PIN": pin])
        }

        func code(_ operation: String, pin: String = "1234") async throws -> String {
            let result = try await approve(operation, pin: pin)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func verify(_ code: String, _ operation: String, extra: [String] = []) async throws -> CLIResult {
            try await CLIRunner.run(
                ["code", "verify", "--server-activation", server, "--code", code, "--operation", operation, "--json"]
                    + extra)
        }

        func report(_ result: CLIResult) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        }
    }

    @Test func roundTripAcceptsAndAWrongPasswordIsRejected() async throws {
        let setup = try await Setup()
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let operation = try await setup.operation()
        let verified = try await CLIRunner.run(["operation", "verify", "--device", setup.device, operation])
        #expect(verified.status == 0)
        #expect(verified.stdout.contains("valid"))

        let approval = try await setup.approve(operation)
        #expect(approval.status == 0)
        #expect(approval.stderr.contains("wrong password"))
        let code = approval.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(code.wholeMatch(of: /[0-9]{8}-[0-9]{8}/) != nil)
        let accepted = try await setup.verify(code, operation, extra: ["--device", setup.device])
        #expect(accepted.status == 0, "\(accepted.stdout) \(accepted.stderr)")
        let report = try setup.report(accepted)
        #expect(report["valid"] as? Bool == true)
        #expect(report["signatureType"] as? String == "possession_knowledge")
        #expect(report["counter"] as? Int == 1)

        let wrong = try await setup.code(operation, pin: "9999")
        let rejected = try await setup.verify(wrong, operation)
        #expect(rejected.status == 1)
        #expect(try setup.report(rejected)["failedAttempts"] as? Int == 1)
        // The same code again is a replay: rejected too.
        #expect(try await setup.verify(code, operation).status == 1)
    }

    @Test func blockedAfterFiveFailures() async throws {
        let setup = try await Setup()
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let operation = try await setup.operation()
        for attempt in 1...5 {
            let result = try await setup.verify("11111111-22222222", operation)
            #expect(result.status == 1)
            #expect(try setup.report(result)["failedAttempts"] as? Int == attempt)
        }
        let good = try await setup.code(operation)
        let result = try await setup.verify(good, operation)
        #expect(result.status == 1)
        let report = try setup.report(result)
        #expect(report["status"] as? String == "BLOCKED")
        #expect(report["valid"] as? Bool == false)
    }

    @Test func counterResynchronisationAndWindow() async throws {
        let setup = try await Setup(lookAhead: 5)
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let operation = try await setup.operation()
        var codes: [String] = []
        for _ in 0..<3 { codes.append(try await setup.code(operation)) }
        // The third code is two steps ahead of the server: accepted, and the server jumps past it.
        let third = try await setup.verify(codes[2], operation)
        #expect(third.status == 0)
        let report = try setup.report(third)
        #expect(report["matchedIteration"] as? Int == 2)
        #expect(report["counter"] as? Int == 3)
        // Older codes are behind the server now.
        #expect(try await setup.verify(codes[0], operation).status == 1)
        // Five unverified codes: the fifth is at the window's edge (accepted), the sixth beyond it.
        var later: [String] = []
        var warned = false
        for _ in 0..<6 {
            let approval = try await setup.approve(operation)
            later.append(approval.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            warned = warned || approval.stderr.contains("look")
        }
        #expect(warned)
        #expect(try await setup.verify(later[5], operation).status == 1)
        #expect(try await setup.verify(later[4], operation).status == 0)
    }

    @Test func biometryOnlyWithFlagB() async throws {
        let setup = try await Setup()
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let plain = try await setup.operation(flags: "")
        let refused = try await CLIRunner.run([
            "operation", "approve", "--activation", setup.device, "--biometry", plain,
        ])
        #expect(refused.status == 1)
        let withB = try await setup.operation(flags: "BX")
        let approval = try await CLIRunner.run(
            ["operation", "approve", "--activation", setup.device, "--biometry", "--group", "4x4", withB])
        #expect(approval.status == 0)
        let display = approval.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(display.wholeMatch(of: /[0-9]{4}-[0-9]{4}-[0-9]{4}-[0-9]{4}/) != nil)
        #expect(try await setup.verify(display, withB).status == 1)
        let accepted = try await setup.verify(display, withB, extra: ["--allow-biometry"])
        #expect(accepted.status == 0)
        #expect(try setup.report(accepted)["signatureType"] as? String == "possession_biometry")
    }

    @Test func proximityTOTP() async throws {
        let setup = try await Setup()
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let seed = Data(repeating: 7, count: 32).base64EncodedString()
        let operation = try await setup.operation(extra: ["--totp-seed", seed, "--now", "1700000000"])
        #expect(operation.split(separator: "\n", omittingEmptySubsequences: false).count == 8)
        let code = try await setup.code(operation)
        let late = try await setup.verify(code, operation, extra: ["--totp-seed", seed, "--now", "1700000100"])
        #expect(late.status == 1)
        let inTime = try await setup.verify(code, operation, extra: ["--totp-seed", seed, "--now", "1700000031"])
        #expect(inTime.status == 0, "\(inTime.stdout)")
    }

    @Test func unverifiedOperationsAreRefused() async throws {
        let setup = try await Setup()
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let other = try await Setup()
        defer { try? FileManager.default.removeItem(at: other.directory) }
        let foreign = try await other.operation()
        let refused = try await setup.approve(foreign)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("does not verify"))
        let forced = try await setup.approve(foreign, extra: ["--unverified"])
        #expect(forced.status == 0)
        #expect(forced.stderr.contains("NOT verified"))
        #expect(try await CLIRunner.run(["operation", "verify", "--activation", setup.device, foreign]).status == 1)
    }

    @Test func masterKeySignedOperations() async throws {
        let setup = try await Setup()
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let created = try await CLIRunner.run(
            ["operation", "create", "--server", setup.server, "--master", "--data", Self.data, "--json"])
        #expect(created.status == 0)
        let payload = try #require(
            (try JSONSerialization.jsonObject(with: created.stdoutData) as? [String: Any])?["payload"] as? String)
        #expect(payload.split(separator: "\n").last?.first == "0")
        let show = try await CLIRunner.run(["activation", "show", setup.server, "--json"])
        let master = try #require(
            (try JSONSerialization.jsonObject(with: show.stdoutData) as? [String: Any])?["masterServerPublicKey"]
                as? String)
        #expect(try await CLIRunner.run(["operation", "verify", "--master-key", master, payload]).status == 0)
        let tampered = payload.replacingOccurrences(of: "A100CZK", with: "A900CZK")
        #expect(try await CLIRunner.run(["operation", "verify", "--master-key", master, tampered]).status == 1)
        // A personalized operation cannot be checked with the master key alone.
        #expect(
            try await CLIRunner.run(["operation", "verify", "--master-key", master, try setup.operation()]).status == 64
        )
    }

    @Test func malformedInputs() async throws {
        let setup = try await Setup()
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        #expect(try await setup.verify("1-2", "not an operation").status == 4)
        let bothOnStdin = try await CLIRunner.run(
            ["operation", "approve", "--activation", setup.device, "--input", "-", "--password-stdin"],
            stdin: Data("x\n".utf8))
        #expect(bothOnStdin.status == 64)
        #expect(
            try await CLIRunner.run(["activation", "show", setup.directory.appendingPathComponent("none").path]).status
                == 4)
        let notActivation = setup.directory.appendingPathComponent("x.json")
        try Data("{\"kind\":\"device\"}".utf8).write(to: notActivation)
        #expect(try await CLIRunner.run(["activation", "show", notActivation.path]).status == 4)
        #expect(
            try await CLIRunner.run([
                "code", "verify", "--server", setup.server, "--code", "1", "--operation",
                try await setup.operation(), "--window", "65",
            ]).status == 64)
    }
}
