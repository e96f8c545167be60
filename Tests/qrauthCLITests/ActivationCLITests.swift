import Foundation
import Testing

@Suite("qrauth activation")
struct ActivationCLITests {
    @Test func createShowsNoSecretsAndWritesPrivateFiles() async throws {
        let setup = try await CodeCLITests.Setup()
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        for path in [setup.device, setup.server] {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
        }
        let show = try await CLIRunner.run(["activation", "show", setup.device])
        #expect(show.status == 0)
        #expect(show.stdout.contains("secrets hidden"))
        #expect(!show.stdout.contains("possessionKey"))
        let revealed = try await CLIRunner.run(["activation", "show", setup.device, "--reveal", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: revealed.stdoutData) as? [String: Any])
        let secrets = try #require(report["secrets"] as? [String: String])
        #expect(secrets["possessionKey"] != nil)
        #expect(report["formatVersion"] as? Int == 1)
        let again = try await CLIRunner.run(
            ["activation", "create", "--device", setup.device, "--server", setup.server, "--password-env", "P"],
            environment: ["P": "1"])
        #expect(again.status == 64)
        let noPassword = try await CLIRunner.run(
            ["activation", "create", "--device", setup.device + ".2", "--server", setup.server + ".2"])
        #expect(noPassword.status == 64)
    }

    @Test func importsACmdToolStatusFileThatGivesTheSameCodes() async throws {
        let setup = try await CodeCLITests.Setup()
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let revealed = try await CLIRunner.run(["activation", "show", setup.device, "--reveal", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: revealed.stdoutData) as? [String: Any])
        let secrets = try #require(report["secrets"] as? [String: String])
        let status: [String: Any] = [
            "activationId": try #require(report["activationId"] as? String),
            "serverPublicKey": try #require(report["serverPublicKey"] as? String),
            "counter": 0,
            "ctrData": try #require(secrets["ctrData"]),
            "encryptedDevicePrivateKey": Data(count: 48).base64EncodedString(),
            "signatureBiometryKey": try #require(secrets["biometryKey"]),
            "signatureKnowledgeKeyEncrypted": try #require(secrets["knowledgeKeyEncrypted"]),
            "signatureKnowledgeKeySalt": try #require(secrets["knowledgeKeySalt"]),
            "signaturePossessionKey": try #require(secrets["possessionKey"]),
            "transportMasterKey": try #require(secrets["transportKey"]),
            "version": 3,
        ]
        let statusPath = setup.directory.appendingPathComponent("status.json")
        try JSONSerialization.data(withJSONObject: status).write(to: statusPath)
        let imported = setup.directory.appendingPathComponent("imported.json").path
        let result = try await CLIRunner.run(["activation", "import", statusPath.path, "--device", imported])
        #expect(result.status == 0, "\(result.stderr)")

        let operation = try await setup.operation()
        let fromImport = try await CLIRunner.run(
            ["operation", "approve", "--activation", imported, "--password-env", "P", operation],
            environment: ["P": "1234"])
        #expect(fromImport.status == 0)
        let original = try await setup.code(operation)
        #expect(fromImport.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == original)

        // With the cmd-tool config's mobileSdkConfig blob, master-signed operations verify too.
        let serverShow = try await CLIRunner.run(["activation", "show", setup.server, "--json", "--reveal"])
        let server = try #require(try JSONSerialization.jsonObject(with: serverShow.stdoutData) as? [String: Any])
        let serverSecrets = try #require(server["secrets"] as? [String: String])
        let appKey = try #require(Data(base64Encoded: server["applicationKey"] as? String ?? ""))
        let appSecret = try #require(Data(base64Encoded: serverSecrets["applicationSecret"] ?? ""))
        let master = try #require(Data(base64Encoded: server["masterServerPublicKey"] as? String ?? ""))
        var blob: [UInt8] = [0x01, 16] + Array(appKey) + [16] + Array(appSecret) + [1, 0x01, 65]
        blob += Array(master)
        let config = setup.directory.appendingPathComponent("config.json")
        try JSONSerialization.data(withJSONObject: [
            "applicationName": "test", "mobileSdkConfig": Data(blob).base64EncodedString(),
        ]).write(to: config)
        let withConfig = setup.directory.appendingPathComponent("imported-config.json").path
        let importedWithConfig = try await CLIRunner.run(
            ["activation", "import", statusPath.path, "--device", withConfig, "--config", config.path])
        #expect(importedWithConfig.status == 0, "\(importedWithConfig.stderr)")
        let masterSigned = try await CLIRunner.run(
            ["operation", "create", "--server", setup.server, "--master", "--data", CodeCLITests.data])
        let payload = String(masterSigned.stdout.dropLast())
        #expect(try await CLIRunner.run(["operation", "verify", "--activation", withConfig, payload]).status == 0)
        #expect(try await CLIRunner.run(["operation", "verify", "--activation", imported, payload]).status == 64)

        let broken = setup.directory.appendingPathComponent("broken.json")
        try Data("{\"activationId\": \"x\"}".utf8).write(to: broken)
        let bad = try await CLIRunner.run(["activation", "import", broken.path, "--device", imported + ".2"])
        #expect(bad.status == 4)
    }
}
