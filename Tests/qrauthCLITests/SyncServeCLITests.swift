import Foundation
import Testing

/// `qrauth sync` against `qrauth serve`: both built executables, HTTPS on a random loopback port.
@Suite("qrauth sync against qrauth serve", .serialized)
struct SyncServeCLITests {
    @Test("list → wrong password refused → approve → gone → history; pinned via /app/init")
    func listApproveHistoryAndPinning() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let serve = try await ServeProcess(in: directory, arguments: ["--admin"], lineCount: 4)
        defer { serve.stop() }
        let (device, caPath, url) = (serve.device, serve.caPath, serve.url)
        let pinsKey = try #require(serve.value("pins-public-key"))

        // The bank creates an online operation through the admin API.
        let status = try await ServeCLITests.curl([
            "--cacert", caPath, "-o", "/dev/null", "-d",
            #"{"data":"A1*A100CZK*Q238400856/0300**D20190629*NUtility","title":"Confirm Payment"}"#,
            "\(url)/admin/operations",
        ])
        try #require(status == 0)

        let common = ["--url", url, "--device", device, "--ca", caPath]
        let listed = try await CLIRunner.run(["sync", "list", "--json"] + common)
        try #require(listed.status == 0, "\(listed.stderr)")
        let operations = try #require(try JSONSerialization.jsonObject(with: listed.stdoutData) as? [[String: Any]])
        try #require(operations.count == 1)
        let id = try #require(operations[0]["id"] as? String)

        let wrong = try await CLIRunner.run(
            ["sync", "approve", id, "--password-env", "PIN"] + common, environment: ["PIN": "9999"])
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("POWERAUTH_AUTH_FAIL"))

        let approved = try await CLIRunner.run(
            ["sync", "approve", id, "--password-env", "PIN"] + common, environment: ["PIN": "1234"])
        #expect(approved.status == 0, "\(approved.stderr)")

        let after = try await CLIRunner.run(["sync", "list", "--json"] + common)
        #expect(after.status == 0)
        #expect((try JSONSerialization.jsonObject(with: after.stdoutData) as? [Any])?.isEmpty == true)

        let history = try await CLIRunner.run(
            ["sync", "history", "--password-env", "PIN"] + common, environment: ["PIN": "1234"])
        #expect(history.status == 0, "\(history.stderr)")
        #expect(history.stdout.contains(id) && history.stdout.contains("APPROVED"))

        // Pinning from the server's own challenge-signed list: the right key trusts the leaf.
        let pinsURL = "\(url)/app/init?appName=demo"
        let pinned = try await CLIRunner.run(
            ["sync", "list", "--pins-url", pinsURL, "--pins-key", pinsKey, "--pins-challenge"] + common)
        #expect(pinned.status == 0, "\(pinned.stderr)")

        // A list signed by someone else is rejected whole, the store stays empty, the request is refused.
        let otherKey = try await CLIRunner.run([
            "pins", "keygen", "--out", directory.appendingPathComponent("k.pem").path,
        ])
        let foreignKey = try #require(otherKey.stdout.split(separator: "\n").first.map(String.init))
        let denied = try await CLIRunner.run(
            ["sync", "list", "--pins-url", pinsURL, "--pins-key", foreignKey, "--pins-challenge"] + common)
        #expect(denied.status == 1, "\(denied.stderr)")
        #expect(denied.stderr.contains("denied"))
    }
}
