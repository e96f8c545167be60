import Foundation
import Testing

/// qrauth as the mobile token against `qrauth serve` over TLS: the whole life of an activation made with an
/// activation code, as docs/mobile-token.md walks through it, for protocol 3.2 and 3.3.
@Suite("qrauth as the mobile token against qrauth serve", .serialized)
struct MobileTokenServeCLITests {
    /// A running `serve --backoffice` and what the back office gets from it (`/rest/v3`, the PowerAuth server's API).
    struct Bank {
        let serve: ServeProcess
        let directory: URL
        var url: String { serve.url }
        var ca: String { serve.caPath }
        var sdkConfig: String { serve.value("sdk-config") ?? "" }
        var application: String { serve.value("application") ?? "" }

        init() async throws {
            directory = try CLIRunner.temporaryDirectory()
            serve = try await ServeProcess(in: directory, arguments: ["--backoffice"], lineCount: 8)
        }

        /// `qrauth backend …` against serve's back-office REST API; its `--json` answer (the `responseObject`).
        func backOffice(_ arguments: [String]) async throws -> [String: Any] {
            let rest = try #require(serve.value("backoffice"))
            let result = try await CLIRunner.run(["backend"] + arguments + ["--url", rest, "--ca", ca, "--json"])
            try #require(result.status == 0, "backend \(arguments): \(result.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        }

        /// The back office's init: the activation id and `CODE#SIGNATURE`.
        func initActivation() async throws -> (id: String, code: String) {
            let object = try await backOffice([
                "activation", "init", "--user-id", "alice", "--application-id", application,
            ])
            let id = try #require(object["activationId"] as? String)
            let code = try #require(object["activationCode"] as? String)
            let signature = try #require(object["activationSignature"] as? String)
            return (id, code + "#" + signature)
        }

        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

        /// A `payment` template (possession + knowledge) and one operation of it for alice, made by the back office.
        func createPaymentOperation() async throws {
            _ = try await backOffice([
                "template", "create", "--template", "payment", "--data-template", "A1*A${amount}CZK",
                "--signature-type", "POSSESSION_KNOWLEDGE",
            ])
            _ = try await backOffice([
                "operation", "create", "--template", "payment", "--user-id", "alice", "--application-id", application,
                "--param", "amount=100",
            ])
        }

        /// `qrauth sync list --json` with `sync` (the connection options): the one pending operation it must list.
        func listedOperation(_ sync: [String]) async throws -> [String: Any] {
            let listed = try await CLIRunner.run(["sync", "list", "--json"] + sync)
            try #require(listed.status == 0, "\(listed.stderr)")
            let operations = try #require(
                try JSONSerialization.jsonObject(with: listed.stdoutData) as? [[String: Any]])
            try #require(operations.count == 1)
            return operations[0]
        }

        func stop() {
            serve.stop()
            try? FileManager.default.removeItem(at: directory)
        }
    }

    static func json(_ result: CLIResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
    }

    @Test(
        "activate → status PENDING_COMMIT → commit → ACTIVE → sync list (token made) → approve → remove",
        arguments: ["3.2", "3.3"])
    func wholeLife(_ version: String) async throws {
        let bank = try await Bank()
        defer { bank.stop() }
        let phone = bank.path("mobile.json")
        let env = ["PIN": "1234"]
        let (activationId, code) = try await bank.initActivation()

        let activated = try await CLIRunner.run(
            [
                "activation", "activate", "--url", bank.url, "--code", code, "--sdk-config", bank.sdkConfig,
                "--device", phone, "--password-env", "PIN", "--ca", bank.ca, "--protocol", version, "--json",
            ], environment: env)
        try #require(activated.status == 0, "\(activated.stderr)")
        let output = try Self.json(activated)
        #expect(output["activationId"] as? String == activationId)
        let fingerprint = try #require(output["fingerprint"] as? String)
        #expect(fingerprint.count == 8 && fingerprint.allSatisfy(\.isNumber))
        let mode = try FileManager.default.attributesOfItem(atPath: phone)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // The fingerprint the device shows is the one `activation show` computes from the stored keys.
        let shown = try await Self.json(try CLIRunner.run(["activation", "show", phone, "--json"]))
        #expect(shown["fingerprint"] as? String == fingerprint)
        #expect(shown["protocolVersion"] as? String == version)

        let common = ["--url", bank.url, "--device", phone, "--ca", bank.ca]
        let pending = try await CLIRunner.run(["activation", "status", "--json"] + common)
        try #require(pending.status == 0, "\(pending.stderr)")
        #expect(try Self.json(pending)["status"] as? String == "PENDING_COMMIT")

        // The back office compares the fingerprint it shows with the device's before it commits.
        let seen = try await bank.backOffice(["activation", "status", "--activation-id", activationId])
        #expect(seen["activationStatus"] as? String == "PENDING_COMMIT")
        #expect(seen["devicePublicKeyFingerprint"] as? String == fingerprint)
        let committed = try await bank.backOffice(["activation", "commit", "--activation-id", activationId])
        #expect(committed["activated"] as? Bool == true)
        let active = try await Self.json(try CLIRunner.run(["activation", "status", "--json"] + common))
        #expect(active["status"] as? String == "ACTIVE")
        #expect(active["counterPosition"] as? String == "in-sync")

        try await bank.createPaymentOperation()
        let sync = ["--server", bank.url, "--activation", phone, "--ca", bank.ca]
        let operation = try await bank.listedOperation(sync)
        let device = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: phone))) as? [String: Any])
        #expect(device["token"] != nil, "sync stored the token it made")

        let id = try #require(operation["id"] as? String)
        let approved = try await CLIRunner.run(
            ["sync", "approve", id, "--password-env", "PIN"] + sync, environment: env)
        #expect(approved.status == 0, "\(approved.stderr)")
        let after = try await CLIRunner.run(["sync", "list", "--json"] + sync)
        #expect((try JSONSerialization.jsonObject(with: after.stdoutData) as? [Any])?.isEmpty == true)

        // A wrong password: the server refuses (exit 1) and counts a failed attempt; the file is not removed.
        let wrong = try await CLIRunner.run(
            ["activation", "remove", "--password-env", "PIN"] + common, environment: ["PIN": "9999"])
        #expect(wrong.status == 1, "\(wrong.stderr)")
        #expect(wrong.stderr.contains("ERR_AUTHENTICATION") && wrong.stderr.contains("activation status"))
        let counted = try await Self.json(try CLIRunner.run(["activation", "status", "--json"] + common))
        #expect(counted["status"] as? String == "ACTIVE")
        #expect(counted["failedAttempts"] as? Int == 1)
        // The refused signature did not move the server's counter: the device is one step ahead.
        #expect(counted["counterPosition"] as? String == "device-ahead")
        #expect(counted["counterDistance"] as? Int == 1)

        let removed = try await CLIRunner.run(
            ["activation", "remove", "--password-env", "PIN"] + common, environment: env)
        #expect(removed.status == 0, "\(removed.stderr)")
        let gone = try await Self.json(try CLIRunner.run(["activation", "status", "--json"] + common))
        #expect(gone["status"] as? String == "REMOVED")
        let refused = try await CLIRunner.run(["sync", "list"] + sync)
        #expect(refused.status == 4)
        #expect(refused.stderr.contains("was removed"))
        let shownRemoved = try await CLIRunner.run(["activation", "show", phone])
        #expect(shownRemoved.stdout.contains("signs nothing more") && shownRemoved.stdout.contains("REMOVED"))
    }

    @Test("token remove, then sync makes a new token by itself; token create replaces it")
    func tokens() async throws {
        let bank = try await Bank()
        defer { bank.stop() }
        let phone = bank.path("mobile.json")
        let (activationId, code) = try await bank.initActivation()
        let activated = try await CLIRunner.run(
            [
                "activation", "activate", "--url", bank.url, "--code", code, "--config", try configFile(bank),
                "--device", phone, "--password-env", "PIN", "--ca", bank.ca,
            ], environment: ["PIN": "1234"])
        try #require(activated.status == 0, "\(activated.stderr)")
        #expect(activated.stdout.contains("fingerprint"))
        _ = try await bank.backOffice(["activation", "commit", "--activation-id", activationId])
        let common = ["--url", bank.url, "--device", phone, "--ca", bank.ca]
        let created = try await CLIRunner.run(["token", "create", "--json"] + common)
        try #require(created.status == 0, "\(created.stderr)")
        let first = try #require(try Self.json(created)["tokenId"] as? String)
        let removed = try await CLIRunner.run(["token", "remove", "--json"] + common)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try Self.json(removed)["tokenId"] as? String == first)
        let sync = try await CLIRunner.run([
            "sync", "list", "--server", bank.url, "--activation", phone, "--ca", bank.ca,
        ])
        #expect(sync.status == 0, "\(sync.stderr)")
        let device = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: phone))) as? [String: Any])
        let token = try #require(device["token"] as? [String: Any])
        #expect(token["id"] as? String != first)
    }

    /// A powerauth-cmd-tool config.json with serve's SDK configuration.
    func configFile(_ bank: Bank) throws -> String {
        let path = bank.path("config.json")
        try Data(#"{"mobileSdkConfig":"\#(bank.sdkConfig)"}"#.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(
        "refusals: malformed code 4, bad code signature 1, unknown code 1, existing file 64 — no file written or changed"
    )
    func refusals() async throws {
        let bank = try await Bank()
        defer { bank.stop() }
        let phone = bank.path("mobile.json")
        let (_, code) = try await bank.initActivation()
        func activate(_ code: String, device: String, extra: [String] = []) async throws -> CLIResult {
            try await CLIRunner.run(
                [
                    "activation", "activate", "--url", bank.url, "--code", code, "--sdk-config", bank.sdkConfig,
                    "--device", device, "--password-env", "PIN", "--ca", bank.ca,
                ] + extra, environment: ["PIN": "1234"])
        }
        let malformed = try await activate("AAAAA-AAAAA-AAAAA-AAAAB", device: phone)
        #expect(malformed.status == 4, "\(malformed.stderr)")
        // A genuine master-key signature, but of another code.
        let (_, other) = try await bank.initActivation()
        let forged = try await activate(String(code.prefix(23)) + String(other.dropFirst(23)), device: phone)
        #expect(forged.status == 1, "\(forged.stderr)")
        let unknown = try await activate("VVVVV-VVVVV-VVVVV-VTFVA", device: phone)
        #expect(unknown.status == 1, "\(unknown.stderr)")
        #expect(unknown.stderr.contains("ERR_ACTIVATION"))
        #expect(!FileManager.default.fileExists(atPath: phone))
        #expect(malformed.stdout.isEmpty && forged.stdout.isEmpty && unknown.stdout.isEmpty)

        // An active device file (serve's test activation) is not replaced without --force, and a failed
        // activation with --force leaves it byte for byte.
        let existing = bank.serve.device
        let before = try Data(contentsOf: URL(fileURLWithPath: existing))
        let exists = try await activate(code, device: existing)
        #expect(exists.status == 64, "\(exists.stderr)")
        let failed = try await activate("VVVVV-VVVVV-VVVVV-VTFVA", device: existing, extra: ["--force"])
        #expect(failed.status == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: existing)) == before)

        // A wrong master key (serve's pinning key in its place): the code's signature no longer verifies (1); with
        // the bare code, 3.3 refuses the temporary key's JWT signature (1) and in 3.2 the server cannot decrypt (5).
        var wrongConfig = try #require(Data(base64Encoded: bank.sdkConfig))
        let pinsKey = try #require(bank.serve.value("pins-public-key"))
        let otherKey = try #require(Data(base64Encoded: pinsKey))
        try #require(otherKey.count == 65)
        // The P-256 master key (id 1, 65 bytes) comes before the P-384 one (id 2, 97 bytes) at the end.
        let p384 = 2 + 97
        try #require(wrongConfig[wrongConfig.count - p384] == 0x02)
        wrongConfig.replaceSubrange((wrongConfig.count - p384 - 65)..<(wrongConfig.count - p384), with: otherKey)
        func activateWrong(_ code: String, _ version: String) async throws -> CLIResult {
            try await CLIRunner.run(
                [
                    "activation", "activate", "--url", bank.url, "--code", code, "--sdk-config",
                    wrongConfig.base64EncodedString(), "--device", phone, "--password-env", "PIN", "--ca", bank.ca,
                    "--protocol", version,
                ], environment: ["PIN": "1234"])
        }
        #expect(try await activateWrong(code, "3.3").status == 1)
        let jwt = try await activateWrong(String(code.prefix(23)), "3.3")
        #expect(jwt.status == 1, "\(jwt.stderr)")
        #expect(jwt.stderr.contains("temporary key"))
        let undecryptable = try await activateWrong(String(code.prefix(23)), "3.2")
        #expect(undecryptable.status == 5, "\(undecryptable.stderr)")
        #expect(undecryptable.stderr.contains("ERR_ENCRYPTION") || undecryptable.stderr.contains("ERR_ACTIVATION"))
        #expect(!FileManager.default.fileExists(atPath: phone))

        let http = try await CLIRunner.run(
            [
                "activation", "activate", "--url", "http://127.0.0.1:1", "--code", code, "--sdk-config",
                bank.sdkConfig, "--device", phone, "--password-env", "PIN",
            ], environment: ["PIN": "1234"])
        #expect(http.status == 64)
        #expect(!FileManager.default.fileExists(atPath: phone))
    }
}
