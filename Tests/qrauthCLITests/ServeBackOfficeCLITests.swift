import Foundation
import Testing

@Suite("serve --backoffice: its own port, Basic auth from a file, driven by qrauth backend")
struct ServeBackOfficeCLITests {
    @Test("--backoffice-port and --backoffice-auth-file: backend calls with the login pass, without it exit 5")
    func ownPortAndLogin() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let auth = directory.appendingPathComponent("bo.auth")
        // CRLF, as a Windows editor saves it: the password keeps its last character (issue 29, item 5).
        try Data("bank:s3cret\r\n".utf8).write(to: auth)
        let serve = try await ServeProcess(
            in: directory,
            arguments: ["--backoffice", "--backoffice-port", "0", "--backoffice-auth-file", auth.path], lineCount: 8)
        defer { serve.stop() }
        let rest = try #require(serve.value("backoffice"))
        #expect(rest.hasPrefix("https://127.0.0.1:") && rest.hasSuffix("/rest"))
        #expect(!rest.hasPrefix(serve.url + "/"), "the back office has its own port")
        let login = ["--url", rest, "--ca", serve.caPath, "--auth-user", "bank", "--password-env", "BO_PW"]
        let created = try await CLIRunner.run(
            ["backend", "template", "create", "--template", "pay", "--data-template", "A1*A${amount}CZK"] + login,
            environment: ["BO_PW": "s3cret"])
        #expect(created.status == 0, "\(created.stderr)")
        let listed = try await CLIRunner.run(
            ["backend", "template", "list", "--json"] + login, environment: ["BO_PW": "s3cret"])
        #expect(listed.status == 0)
        let templates = try #require(try JSONSerialization.jsonObject(with: listed.stdoutData) as? [[String: Any]])
        #expect(templates.map { $0["templateName"] as? String } == ["pay"])
        for environment in [["BO_PW": "wrong"], [:]] {
            let refused = try await CLIRunner.run(
                ["backend", "template", "list"] + (environment.isEmpty ? Array(login.prefix(4)) : login),
                environment: environment)
            #expect(refused.status == 5)
            #expect(refused.stdout.isEmpty)
            #expect(refused.stderr.contains("ERR_AUTHENTICATION"), "\(refused.stderr)")
        }
    }

    @Test(
        "back-office options without --backoffice, or both login sources, are usage errors (64)",
        arguments: [
            ["--backoffice-port", "0"], ["--backoffice-auth-env", "X"],
            ["--backoffice", "--backoffice-auth-env", "X", "--backoffice-auth-file", "f"],
            ["--backoffice", "--backoffice-port", "70000"],
            ["--backoffice", "--backoffice-auth-env", "QRAUTH_UNSET_VAR"],
            // Issue 29, item 3: /admin has no login and is on the public port.
            ["--backoffice", "--backoffice-port", "0", "--admin"],
            ["--backoffice", "--backoffice-auth-env", "HOME", "--admin"],
        ])
    func usage(arguments: [String]) async throws {
        let result = try await CLIRunner.run(["serve", "--http", "--port", "0"] + arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("a login file that is not one user:password line exits 4 and does not echo the secret")
    func malformedLoginFile() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let auth = directory.appendingPathComponent("bo.auth")
        try Data("only-a-secret-no-colon\n".utf8).write(to: auth)
        let result = try await CLIRunner.run(
            ["serve", "--http", "--port", "0", "--backoffice", "--backoffice-auth-file", auth.path])
        #expect(result.status == 4, "\(result.stderr)")
        #expect(!result.stderr.contains("only-a-secret"))
    }
}
