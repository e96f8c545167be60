import Foundation
import Testing

@Suite("serve --app: the application, sdk-config and activation codes")
struct ServeApplicationCLITests {
    @Test("--app FILE is created 0600, serve prints application and sdk-config, /admin/activations/init issues a code")
    func applicationFileAndInit() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let appPath = directory.appendingPathComponent("app.json").path
        let serve = try await ServeProcess(in: directory, arguments: ["--admin", "--app", appPath], lineCount: 8)
        defer { serve.stop() }
        let attributes = try FileManager.default.attributesOfItem(atPath: appPath)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let app = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: appPath))) as? [String: Any])
        let applicationId = try #require(app["applicationId"] as? String)
        #expect(serve.value("application") == applicationId)
        let configText = try #require(serve.value("sdk-config"))
        let config = try #require(Data(base64Encoded: configText))
        #expect(config.first == 0x01)
        let versions = try #require(app["versions"] as? [[String: Any]])
        let keyText = try #require(versions.first?["applicationKey"] as? String)
        let key = try #require(Data(base64Encoded: keyText))
        #expect(config.dropFirst(2).prefix(16) == key)

        let output = directory.appendingPathComponent("init.json").path
        let status = try await ServeCLITests.curl([
            "--cacert", serve.caPath, "-o", output, "\(serve.url)/admin/activations/init", "-d",
            #"{"requestObject":{"userId":"alice","applicationId":"\#(applicationId)"}}"#,
        ])
        #expect(status == 0)
        let answer = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output))) as? [String: Any])
        let object = try #require(answer["responseObject"] as? [String: Any])
        let code = try #require(object["activationCode"] as? String)
        #expect(code.count == 23)
        #expect(object["userId"] as? String == "alice")
    }
}
