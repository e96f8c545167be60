import Foundation
import Testing

/// A signed online request that fails after it left has still spent its counter: the failure says which one.
@Suite("spent counters of failed signed requests", .serialized)
struct SpentCounterCLITests {
    static func counter(_ device: String) throws -> Int? {
        let object = try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: device)))
        return (object as? [String: Any])?["counter"] as? Int
    }

    @Test(
        "sync approve on a 5xx or a closed connection names the spent counter",
        arguments: [
            CannedHTTPServer.Answer.status(503, #"{"status":"ERROR"}"#), .close,
        ])
    func syncApprove(answer: CannedHTTPServer.Answer) async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try await CLIRunner.activation(in: directory)
        let server = try CannedHTTPServer(answer)
        defer { server.stop() }
        let result = try await CLIRunner.run(
            [
                "sync", "approve", "op-1", "--data", "A1*A100CZK*Q238400856/0300**D20270101", "--url", server.url,
                "--allow-http", "--device", files.device, "--password-env", "PIN", "--timeout", "10",
            ], environment: ["PIN": "1234"], timeout: 60)
        #expect(result.status == 5, "\(result.stderr)")
        #expect(result.stderr.contains("counter 0 was spent"), "\(result.stderr)")
        #expect(result.stderr.contains("the next signature uses counter 1"), "\(result.stderr)")
        #expect(try Self.counter(files.device) == 1)
    }

    @Test("token create with an answer that does not decrypt names the spent counter")
    func tokenCreate() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let device = directory.appendingPathComponent("phone.json").path
        let created = try await CLIRunner.run(
            [
                "activation", "create", "--device", device, "--server",
                directory.appendingPathComponent("bank.json").path, "--password-env", "PIN", "--protocol", "3.2",
            ], environment: ["PIN": "1234"])
        try #require(created.status == 0, "\(created.stderr)")
        let server = try CannedHTTPServer(
            .status(
                200,
                #"{"encryptedData":"AAAAAAAAAAAAAAAAAAAAAA==","mac":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="}"#))
        defer { server.stop() }
        let result = try await CLIRunner.run(
            [
                "token", "create", "--url", server.url, "--allow-http", "--device", device, "--name", "extra",
                "--timeout", "10",
            ], environment: [:], timeout: 60)
        #expect(result.status != 0, "\(result.stderr)")
        #expect(result.stderr.contains("counter 0 was spent"), "\(result.stderr)")
        #expect(try Self.counter(device) == 1)
    }
}

/// Exit codes of local limits and unusable inputs (issue 29, item 13).
@Suite("exit codes of local limits")
struct LocalLimitExitCLITests {
    @Test("a full named-token store is a local limit: 64 before anything is sent, not a network error")
    func fullTokenStore() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try await CLIRunner.activation(in: directory)
        let url = URL(fileURLWithPath: files.device)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var named: [String: Any] = [:]
        for index in 0..<64 {
            named["t\(index)"] = ["id": "token-\(index)", "secret": "AAAAAAAAAAAAAAAAAAAAAA=="]
        }
        object["namedTokens"] = named
        try JSONSerialization.data(withJSONObject: object).write(to: url)
        let result = try await CLIRunner.run(
            ["token", "create", "--url", "http://127.0.0.1:1", "--allow-http", "--device", files.device, "--name", "x"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("already keeps 64 named tokens"), "\(result.stderr)")
        #expect(!result.stderr.contains("spent"))
    }
}
