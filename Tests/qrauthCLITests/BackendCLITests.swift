import Foundation
import Testing

/// `qrauth backend` without a back-office server: usage, malformed input and network failures.
@Suite("qrauth backend: usage, malformed input and network errors")
struct BackendCLITests {
    static let closed = "http://127.0.0.1:1/powerauth-java-server/rest"

    @Test(
        "usage errors exit 64 before anything is sent",
        arguments: [
            ["backend", "app", "list", "--url", closed],
            ["backend", "app", "list", "--url", "not a url", "--allow-http"],
            ["backend", "app", "list", "--url", closed, "--allow-http", "--password-env", "PW"],
            ["backend", "app", "list", "--url", closed, "--allow-http", "--auth-user", "integration"],
            ["backend", "activation", "init", "--url", closed, "--allow-http", "--user-id", "alice"],
            [
                "backend", "operation", "create", "--url", closed, "--allow-http", "--template", "t",
                "--param", "k=v",
            ],
            [
                "backend", "operation", "create", "--url", closed, "--allow-http", "--template", "t",
                "--application-id", "a", "--param", "novalue",
            ],
            [
                "backend", "offline", "create", "--url", closed, "--allow-http", "--data", "A1",
                "--activation-id", "a", "--application-id", "b",
            ],
            ["backend", "offline", "verify", "--url", closed, "--allow-http", "--activation-id", "a"],
            ["backend", "app", "list", "--url", closed, "--allow-http", "--auth-user", "a:b", "--password-env", "PW"],
        ])
    func usage(arguments: [String]) async throws {
        let result = try await CLIRunner.run(arguments, environment: ["PW": "secret"])
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(!result.stderr.contains("secret"))
    }

    @Test("a server that cannot be reached exits 5 with one line and prints nothing as success")
    func network() async throws {
        let result = try await CLIRunner.run(
            [
                "backend", "activation", "commit", "--url", Self.closed, "--allow-http", "--activation-id", "a",
                "--auth-user", "integration", "--password-env", "PW",
            ], environment: ["PW": "s3cr3t"])
        #expect(result.status == 5, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("qrauth: ") && result.stderr.split(separator: "\n").count == 1)
        #expect(!result.stderr.contains("s3cr3t"))
    }

    @Test("a malformed offline payload or operation data exits 4 before anything is sent")
    func malformed() async throws {
        let verify = try await CLIRunner.run([
            "backend", "offline", "verify", "--url", Self.closed, "--allow-http", "--activation-id", "a", "--code",
            "12345678-12345678", "not an offline operation",
        ])
        #expect(verify.status == 4, "\(verify.stderr)")
        let create = try await CLIRunner.run([
            "backend", "offline", "create", "--url", Self.closed, "--allow-http", "--activation-id", "a", "--data",
            "not operation data",
        ])
        #expect(create.status == 4, "\(create.stderr)")
    }

    @Test("every backend command has help")
    func help() async throws {
        for path in [
            ["app", "list"], ["app", "create"], ["app", "detail"], ["app", "version", "create"],
            ["activation", "init"], ["activation", "commit"], ["activation", "status"], ["activation", "block"],
            ["activation", "unblock"], ["activation", "remove"], ["activation", "list"], ["template", "create"],
            ["template", "list"], ["operation", "create"], ["operation", "detail"], ["operation", "list"],
            ["operation", "cancel"], ["offline", "create"], ["offline", "verify"],
        ] {
            let result = try await CLIRunner.run(["backend"] + path + ["--help"])
            #expect(result.status == 0, "\(path)")
            #expect(result.stdout.contains("--url") && result.stdout.contains("--json"), "\(path)")
        }
    }
}
