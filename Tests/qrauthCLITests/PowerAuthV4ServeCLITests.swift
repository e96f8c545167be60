import Foundation
import Testing

/// qrauth as an SDK 2.0 mobile token against `qrauth serve`: protocol 4.0 chosen from `/pa/v4/status`, the versioned
/// device file, status, and the explicit `--protocol` / `--algorithm` overrides (docs/powerauth-v4.md).
@Suite("qrauth as a protocol 4.0 mobile token against qrauth serve", .serialized)
struct PowerAuthV4ServeCLITests {
    typealias Bank = MobileTokenServeCLITests.Bank

    static func json(_ result: CLIResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
    }

    static func activate(
        _ bank: Bank, code: String, device: String, _ extra: [String] = [], pin: String = "1234"
    ) async throws -> CLIResult {
        try await CLIRunner.run(
            [
                "activation", "activate", "--url", bank.url, "--code", code, "--sdk-config", bank.sdkConfig,
                "--device", device, "--password-env", "PIN", "--ca", bank.ca, "--json",
            ] + extra, environment: ["PIN": pin])
    }

    @Test("activate picks 4.0 with EC_P384_ML_L3 → file without the root → status → commit → ACTIVE")
    func activateAsSDK2() async throws {
        let bank = try await Bank()
        defer { bank.stop() }
        let phone = bank.path("sdk2.json")
        let (activationId, code) = try await bank.initActivation()
        let activated = try await Self.activate(bank, code: code, device: phone)
        try #require(activated.status == 0, "\(activated.stderr)")
        let output = try Self.json(activated)
        #expect(output["activationId"] as? String == activationId)
        #expect(output["protocolVersion"] as? String == "4.0")
        #expect(output["algorithm"] as? String == "EC_P384_ML_L3")
        let fingerprint = try #require(output["fingerprint"] as? String)
        #expect(fingerprint.count == 8 && fingerprint.allSatisfy(\.isNumber))

        // The device file: 0600, protocol and suite recorded, the knowledge key wrapped, no activation secret.
        let mode = try FileManager.default.attributesOfItem(atPath: phone)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let file = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: phone))) as? [String: Any])
        #expect(file["protocolVersion"] as? String == "4.0" && file["suite"] as? String == "EC_P384_ML_L3")
        #expect(file["kind"] as? String == "device")
        let keys = try #require(file["keys"] as? [String: Any])
        let knowledge = try #require(keys["knowledge"] as? [String: Any])
        #expect(knowledge["encryptedKey"] != nil && knowledge["salt"] != nil)
        #expect(keys["biometry"] == nil)
        let text = try String(contentsOfFile: phone, encoding: .utf8)
        #expect(!text.contains("activationSecret") && !text.contains("devicePrivateKey"))
        // The PQC suite's ML-DSA-65 keys: the device's seed and both public keys (SPKI, 1974 bytes).
        let mldsa = try #require(file["mldsa"] as? [String: Any])
        #expect((mldsa["deviceSeed"] as? String).flatMap { Data(base64Encoded: $0) }?.count == 32)
        for member in ["devicePublicKey", "serverPublicKey"] {
            #expect((mldsa[member] as? String).flatMap { Data(base64Encoded: $0) }?.count == 1974, "\(member)")
        }

        // The server confirmed the activation (signed possession_knowledge) while it waits for the commit.
        let seen = try await bank.backOffice(["activation", "status", "--activation-id", activationId])
        #expect(seen["activationStatus"] as? String == "PENDING_COMMIT")
        let common = ["--url", bank.url, "--device", phone, "--ca", bank.ca]
        let pending = try await CLIRunner.run(["activation", "status", "--json"] + common)
        try #require(pending.status == 0, "\(pending.stderr)")
        let pendingJSON = try Self.json(pending)
        #expect(pendingJSON["status"] as? String == "PENDING_COMMIT")
        #expect(pendingJSON["protocolVersion"] as? String == "4.0")
        #expect(pendingJSON["algorithm"] as? String == "EC_P384_ML_L3")
        #expect(pendingJSON["currentVersion"] as? Int == 4 && pendingJSON["upgradeAvailable"] as? Bool == false)
        #expect(pendingJSON["signatureAlgorithms"] as? [String] == ["ECDSA_P384", "MLDSA_65"])
        // The back office shows the fingerprint the device printed (over both ECDSA and both ML-DSA keys).
        #expect(seen["devicePublicKeyFingerprint"] as? String == fingerprint)
        _ = try await bank.backOffice(["activation", "commit", "--activation-id", activationId])
        let active = try await CLIRunner.run(["activation", "status"] + common)
        #expect(active.status == 0, "\(active.stderr)")
        #expect(active.stdout.contains("ACTIVE (protocol 4.0, EC_P384_ML_L3)"), "\(active.stdout)")
        #expect(active.stdout.contains("in sync"), "\(active.stdout)")

        // activation show: the protocol, suite and fingerprint, never a key; a 3.x reader names the file for what it is.
        let shown = try await CLIRunner.run(["activation", "show", phone])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("(protocol 4.0, EC_P384_ML_L3)") && shown.stdout.contains(fingerprint))
        let shownJSON = try Self.json(try await CLIRunner.run(["activation", "show", phone, "--json"]))
        #expect(
            shownJSON["algorithm"] as? String == "EC_P384_ML_L3" && shownJSON["fingerprint"] as? String == fingerprint)
        #expect(shownJSON["signatureAlgorithms"] as? [String] == ["ECDSA_P384", "MLDSA_65"])
        #expect(shownJSON["serverMLDSAPublicKey"] as? String == mldsa["serverPublicKey"] as? String)
        #expect(shownJSON["deviceMLDSAPublicKey"] as? String == mldsa["devicePublicKey"] as? String)
        #expect(shown.stdout.contains("ECDSA P-384 + ML-DSA-65"), "\(shown.stdout)")
        #expect(!shown.stdout.contains(try #require(mldsa["deviceSeed"] as? String)))
        #expect(!shownJSON.description.contains(try #require(mldsa["deviceSeed"] as? String)))
        for secret in [keys["possession"], knowledge["encryptedKey"]].compactMap({ $0 as? String }) {
            #expect(!shown.stdout.contains(secret))
        }
        let revealed = try await CLIRunner.run(["activation", "show", phone, "--reveal"])
        #expect(revealed.status == 64, "\(revealed.stderr)")

        // Tokens: create (4.0 token/create), refuse a second without --force, replace with --force, remove.
        let created = try await CLIRunner.run(["token", "create", "--json"] + common)
        try #require(created.status == 0, "\(created.stderr)")
        let first = try #require(try Self.json(created)["tokenId"] as? String)
        let twice = try await CLIRunner.run(["token", "create"] + common)
        #expect(twice.status == 64, "\(twice.stderr)")
        let replaced = try await CLIRunner.run(["token", "create", "--force", "--json"] + common)
        try #require(replaced.status == 0, "\(replaced.stderr)")
        #expect(try Self.json(replaced)["replacedTokenId"] as? String == first)
        let removedToken = try await CLIRunner.run(["token", "remove", "--json"] + common)
        #expect(removedToken.status == 0, "\(removedToken.stderr)")
        let noToken = try await CLIRunner.run(["token", "remove"] + common)
        #expect(noToken.status == 4, "\(noToken.stderr)")

        // The Mobile Token API with 4.0 headers: sync makes the token itself, lists, approves with the password.
        try await bank.createPaymentOperation()
        let sync = ["--url", bank.url, "--device", phone, "--ca", bank.ca]
        let id = try #require(try await bank.listedOperation(sync)["id"] as? String)
        let wrongPIN = try await CLIRunner.run(
            ["sync", "approve", id, "--password-env", "PIN"] + sync, environment: ["PIN": "9999"])
        #expect(wrongPIN.status == 1, "\(wrongPIN.stderr)")
        let approved = try await CLIRunner.run(
            ["sync", "approve", id, "--password-env", "PIN"] + sync, environment: ["PIN": "1234"])
        #expect(approved.status == 0, "\(approved.stderr)")
        let after = try await CLIRunner.run(["sync", "list", "--json"] + sync)
        #expect((try JSONSerialization.jsonObject(with: after.stdoutData) as? [Any])?.isEmpty == true)

        // Remove: a wrong password is refused by the server; the right one removes, and the file signs no more.
        let wrong = try await CLIRunner.run(
            ["activation", "remove", "--password-env", "PIN"] + common, environment: ["PIN": "9999"])
        #expect(wrong.status == 1, "\(wrong.stderr)")
        let counted = try await Self.json(try CLIRunner.run(["activation", "status", "--json"] + common))
        // (the refused approval counted one, the accepted one reset the count)
        #expect(counted["failedAttempts"] as? Int == 1, "\(counted)")
        // The refused code did not move the server's counter: the device is one step ahead (told by CTR_BYTE).
        #expect(counted["counterPosition"] as? String == "device-ahead" && counted["counterDistance"] as? Int == 1)
        let removed = try await CLIRunner.run(
            ["activation", "remove", "--password-env", "PIN"] + common, environment: ["PIN": "1234"])
        #expect(removed.status == 0, "\(removed.stderr)")
        let gone = try await CLIRunner.run(["token", "create"] + common)
        #expect(gone.status == 4 && gone.stderr.contains("was removed"), "\(gone.stderr)")
        let seenRemoved = try await bank.backOffice(["activation", "status", "--activation-id", activationId])
        #expect(seenRemoved["activationStatus"] as? String == "REMOVED")
    }

    @Test("--algorithm EC_P384 and --protocol 3.3 override the choice; 4.0 needs the P-384 master key")
    func overrides() async throws {
        let bank = try await Bank()
        defer { bank.stop() }
        let (_, first) = try await bank.initActivation()
        let classic = bank.path("classic.json")
        let p384 = try await Self.activate(bank, code: first, device: classic, ["--algorithm", "EC_P384"])
        try #require(p384.status == 0, "\(p384.stderr)")
        #expect(try Self.json(p384)["algorithm"] as? String == "EC_P384")

        let (_, second) = try await bank.initActivation()
        let legacy = bank.path("legacy.json")
        let v33 = try await Self.activate(bank, code: second, device: legacy, ["--protocol", "3.3"])
        try #require(v33.status == 0, "\(v33.stderr)")
        #expect(try Self.json(v33)["protocolVersion"] as? String == "3.3")
        let shown = try await CLIRunner.run(["activation", "show", legacy, "--json"])
        #expect(try Self.json(shown)["protocolVersion"] as? String == "3.3")

        // A cmd-tool config carries only the P-256 master key: the choice falls back to 3.3, and 4.0 is refused.
        let (_, third) = try await bank.initActivation()
        let config = bank.path("config.json")
        try Data(#"{"mobileSdkConfig":"\#(bank.sdkConfig)"}"#.utf8).write(to: URL(fileURLWithPath: config))
        let forced = try await CLIRunner.run(
            [
                "activation", "activate", "--url", bank.url, "--code", third, "--config", config, "--device",
                bank.path("forced.json"), "--password-env", "PIN", "--ca", bank.ca, "--protocol", "4.0",
            ], environment: ["PIN": "1234"])
        #expect(forced.status == 64 && forced.stderr.contains("P-384"), "\(forced.stderr)")
        let mixed = try await Self.activate(
            bank, code: third, device: bank.path("mixed.json"), ["--protocol", "3.3", "--algorithm", "EC_P384"])
        #expect(mixed.status == 64, "\(mixed.stderr)")
        let short = try await Self.activate(bank, code: third, device: bank.path("short.json"), pin: "12")
        #expect(short.status == 64 && short.stderr.contains("4 bytes"), "\(short.stderr)")
        for name in ["forced.json", "mixed.json", "short.json"] {
            #expect(!FileManager.default.fileExists(atPath: bank.path(name)))
        }
    }

    @Test("a 3.3 activation: status offers 4.0 → upgrade (wrong password refused) → 4.0 status → signed approve")
    func upgrade() async throws {
        let bank = try await Bank()
        defer { bank.stop() }
        let phone = bank.path("legacy.json")
        let (activationId, code) = try await bank.initActivation()
        let activated = try await Self.activate(bank, code: code, device: phone, ["--protocol", "3.3"])
        try #require(activated.status == 0, "\(activated.stderr)")
        _ = try await bank.backOffice(["activation", "commit", "--activation-id", activationId])
        let common = ["--url", bank.url, "--device", phone, "--ca", bank.ca]

        // serve's 3.x status blob offers protocol 4 (byte 6), and the status command says what to run.
        let offered = try Self.json(try await CLIRunner.run(["activation", "status", "--json"] + common))
        #expect(offered["currentVersion"] as? Int == 3 && offered["upgradeVersion"] as? Int == 4)
        #expect(offered["upgradeAvailable"] as? Bool == true && offered["upgradeStarted"] as? Bool == false)
        let shown = try await CLIRunner.run(["activation", "status"] + common)
        #expect(shown.stdout.contains("upgrade to 4.0 available"), "\(shown.stdout)")
        #expect(shown.stdout.contains("qrauth activation upgrade --url URL --device \(phone)"), "\(shown.stdout)")

        // A wrong password: the server refuses the 3.3 signature (exit 1); the file stays the 3.x file.
        let upgrade = ["activation", "upgrade", "--sdk-config", bank.sdkConfig, "--password-env", "PIN"] + common
        let before = try Data(contentsOf: URL(fileURLWithPath: phone))
        let wrong = try await CLIRunner.run(upgrade, environment: ["PIN": "9999"])
        #expect(wrong.status == 1 && wrong.stderr.contains("ERR_AUTHENTICATION"), "\(wrong.stderr)")
        let unchanged = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: phone))) as? [String: Any])
        #expect(unchanged["protocolVersion"] as? String == "3.3" && unchanged["pendingUpgradeV4"] == nil)

        let upgraded = try await CLIRunner.run(upgrade + ["--json"], environment: ["PIN": "1234"])
        try #require(upgraded.status == 0, "\(upgraded.stderr)")
        let output = try Self.json(upgraded)
        #expect(output["activationId"] as? String == activationId && output["outcome"] as? String == "upgraded")
        #expect(output["protocolVersion"] as? String == "4.0" && output["algorithm"] as? String == "EC_P384_ML_L3")
        let file = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: phone))) as? [String: Any])
        #expect(file["protocolVersion"] as? String == "4.0" && file["suite"] as? String == "EC_P384_ML_L3")
        let mode = try FileManager.default.attributesOfItem(atPath: phone)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let status = try Self.json(try await CLIRunner.run(["activation", "status", "--json"] + common))
        #expect(status["status"] as? String == "ACTIVE" && status["protocolVersion"] as? String == "4.0")
        #expect(status["currentVersion"] as? Int == 4 && status["upgradeAvailable"] as? Bool == false)
        #expect(status["counterPosition"] as? String == "in-sync", "\(status)")
        let again = try await CLIRunner.run(upgrade, environment: ["PIN": "1234"])
        #expect(again.status == 64 && again.stderr.contains("already"), "\(again.stderr)")

        // The upgraded device approves an online operation with 4.0 headers (sync makes its 4.0 token).
        try await bank.createPaymentOperation()
        let sync = ["--url", bank.url, "--device", phone, "--ca", bank.ca]
        let id = try #require(try await bank.listedOperation(sync)["id"] as? String)
        let approved = try await CLIRunner.run(
            ["sync", "approve", id, "--password-env", "PIN"] + sync, environment: ["PIN": "1234"])
        #expect(approved.status == 0, "\(approved.stderr)")

        // A lost confirmation answer: the 3.x file with the pending section of the upgrade the server committed.
        // Run again, the upgrade asks the status with the pending keys and adopts the committed file.
        var lost = try #require(try JSONSerialization.jsonObject(with: before) as? [String: Any])
        lost["pendingUpgradeV4"] = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: phone))) as? [String: Any])
        try JSONSerialization.data(withJSONObject: lost).write(to: URL(fileURLWithPath: phone))
        let pending = try Self.json(try await CLIRunner.run(["activation", "show", phone, "--json"]))
        #expect(pending["protocolVersion"] as? String == "3.3")
        let adopted = try await CLIRunner.run(upgrade + ["--json"], environment: ["PIN": "1234"])
        try #require(adopted.status == 0, "\(adopted.stderr)")
        #expect(try Self.json(adopted)["outcome"] as? String == "adopted-committed")
        let final = try Self.json(try await CLIRunner.run(["activation", "status", "--json"] + common))
        #expect(final["protocolVersion"] as? String == "4.0" && final["counterPosition"] as? String == "in-sync")
    }
}
