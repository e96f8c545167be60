import Foundation
import Testing

/// Network, TLS and file-kind failures as one line that says what failed and what to try.
@Suite("network errors and file-kind mix-ups", .serialized)
struct NetworkErrorCLITests {
    /// A closed loopback port: nothing listens on port 1.
    static let closedServer = "https://127.0.0.1:1"

    @Test("connection refused: one line naming host:port and the reason, exit 5")
    func connectionRefused() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try await CLIRunner.activation(in: directory)
        let result = try await CLIRunner.run(
            ["sync", "list", "--server", Self.closedServer, "--activation", files.device], environment: [:],
            timeout: 60)
        #expect(result.status == 5)
        #expect(result.stderr == "qrauth: cannot connect to 127.0.0.1:1: connection refused\n", "\(result.stderr)")
    }

    @Test("a header value with a line break (--lang) is refused before anything is sent: one line, exit 5")
    func headerInjectionRefused() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try await CLIRunner.activation(in: directory)
        let before = try Data(contentsOf: URL(fileURLWithPath: files.device))
        for command in [["sync", "list"], ["inbox", "count"]] {
            let result = try await CLIRunner.run(
                command + [
                    "--server", Self.closedServer, "--activation", files.device, "--lang", "cs\r\nX-Injected: yes",
                ],
                environment: [:], timeout: 60)
            #expect(result.status == 5, "\(command) \(result.stderr)")
            #expect(
                result.stderr == "qrauth: value of header Accept-Language contains a line break\n", "\(result.stderr)")
        }
        let json = try await CLIRunner.run(
            ["sync", "list", "--server", Self.closedServer, "--activation", files.device, "--lang", "cs\nX", "--json"],
            environment: [:], timeout: 60)
        #expect(json.status == 5)
        #expect(
            json.stdout
                == #"{"error":{"code":"mtoken.invalid_request","message":"value of header Accept-Language contains a line break"}}"#
                + "\n", "\(json.stdout)")
        // Refused before signing: the device file (its counter) is untouched.
        #expect(try Data(contentsOf: URL(fileURLWithPath: files.device)) == before)
    }

    @Test("sync watch with no successful poll exits 5 and prints the back-off rounded")
    func watchEveryPollFailed() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try await CLIRunner.activation(in: directory)
        let result = try await CLIRunner.run(
            ["sync", "watch", "--server", Self.closedServer, "--activation", files.device, "--polls", "2"],
            environment: [:], timeout: 60)
        #expect(result.status == 5, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(result.stderr)")
        #expect(
            lines.first?.wholeMatch(
                of:
                    /qrauth: mtoken.network: cannot connect to 127\.0\.0\.1:1: connection refused \(retry in \d+\.\d s\)/
            )
                != nil, "\(result.stderr)")
        // The last poll announces no retry: none follows.
        #expect(lines.dropFirst().first == "qrauth: mtoken.network: cannot connect to 127.0.0.1:1: connection refused")
        #expect(
            lines.last
                == "qrauth: sync watch: none of the 2 polls succeeded (last: cannot connect to 127.0.0.1:1: connection refused)"
        )

        let json = try await CLIRunner.run(
            ["sync", "watch", "--server", Self.closedServer, "--activation", files.device, "--polls", "1", "--json"],
            environment: [:], timeout: 60)
        #expect(json.status == 5)
        // One line per event, then the error that ended the watch (docs/json.md).
        let jsonLines = json.stdout.split(separator: "\n").map { Data($0.utf8) }
        try #require(jsonLines.count == 2, "\(json.stdout)")
        let event = try #require(try JSONSerialization.jsonObject(with: jsonLines[0]) as? [String: Any])
        #expect(event["event"] as? String == "error")
        #expect((event["error"] as? [String: Any])?["code"] as? String == "mtoken.network", "\(json.stdout)")
        let final = try #require(try JSONSerialization.jsonObject(with: jsonLines[1]) as? [String: Any])
        #expect((final["error"] as? [String: Any])?["message"] as? String != nil)
    }

    @Test(
        "an untrusted certificate: no BoringSSL text or build path; --ca and --insecure suggested; with --ca it works")
    func untrustedCertificate() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let serve = try await ServeProcess(in: directory)
        defer { serve.stop() }
        let files = (device: serve.device, server: serve.serverFile)
        let (url, caPath) = (serve.url, serve.caPath)
        do {
            let result = try await CLIRunner.run(
                ["sync", "list", "--server", url, "--activation", files.device], environment: [:], timeout: 60)
            #expect(result.status == 5)
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(result.stderr.contains("not trusted"), "\(result.stderr)")
            #expect(result.stderr.contains("--ca FILE") && result.stderr.contains("--insecure"), "\(result.stderr)")
            for raw in ["BoringSSL", "handshake.cc", ".build", "error:", "OPENSSL_internal"] {
                #expect(!result.stderr.contains(raw), "\(raw) in \(result.stderr)")
            }
            let trusted = try await CLIRunner.run(
                ["sync", "list", "--server", url, "--activation", files.device, "--ca", caPath], environment: [:],
                timeout: 60)
            #expect(trusted.status == 0, "\(trusted.stderr)")

            // The list server's own error code and message, not a generic network error.
            let key = try await Self.pinsKey(directory)
            let listed = try await CLIRunner.run(
                [
                    "sync", "list", "--server", url, "--activation", files.device, "--ca", caPath, "--pins-url",
                    "\(url)/app/init", "--pins-key", key,
                ], environment: [:], timeout: 60)
            #expect(listed.status == 5)
            #expect(
                listed.stderr.hasPrefix(
                    "qrauth: cannot download the fingerprint list \(url)/app/init: the server answered HTTP 400 ERROR_REQUEST: "
                ), "\(listed.stderr)")
            #expect(!listed.stderr.contains("networkError"))
        }
    }

    /// Some valid list signing public key (Base64 of the point).
    static func pinsKey(_ directory: URL) async throws -> String {
        let made = try await CLIRunner.run(["pins", "keygen", "--out", directory.appendingPathComponent("k.pem").path])
        return try #require(made.stdout.split(separator: "\n").first.map(String.init))
    }

    @Test("the server file where the device file is expected, and the reverse, are named as such")
    func fileKindMixUps() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try await CLIRunner.activation(in: directory)
        let online = try await CLIRunner.run(
            ["sync", "list", "--server", Self.closedServer, "--activation", files.server], environment: [:],
            timeout: 60)
        #expect(online.status == 4)
        #expect(
            online.stderr.contains("\(files.server) is a server activation file; give the device file (from --device)"),
            "\(online.stderr)")
        #expect(!online.stderr.contains("possessionKey"))

        let offline = try await CLIRunner.run(
            ["operation", "create", "--server", files.device, "--data", "A1*A100CZK", "--title", "T"])
        #expect(offline.status == 4)
        #expect(
            offline.stderr.contains(
                "\(files.device) is a device activation file; give the server file (from --server-activation)"),
            "\(offline.stderr)")
    }
}
