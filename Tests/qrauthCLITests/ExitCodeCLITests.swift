import Foundation
import Testing

/// Issue 29, item 13: each of these gets its documented exit code and one human line.
@Suite("exit codes and messages (issue 29)", .serialized)
struct ExitCodeCLITests {
    @Test("qrauth, or a group, without a command is a usage error (64) with the help on stderr")
    func noCommand() async throws {
        for arguments in [[], ["pins"], ["sync"]] {
            let result = try await CLIRunner.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("USAGE:") && result.stderr.contains("give a command"), "\(result.stderr)")
        }
        #expect(try await CLIRunner.run(["--help"]).status == 0)
        #expect(try await CLIRunner.run(["--version"]).status == 0)
    }

    @Test("--totp-step -1 names the range instead of 'Missing value'")
    func negativeStep() async throws {
        let result = try await CLIRunner.run(["operation", "create", "--data", "A1", "--totp-step", "-1"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--totp-step must be 1 to 86400, not -1"), "\(result.stderr)")
    }

    @Test("an empty or non-PEM --ca is malformed input (4), not a network error")
    func badCABundle() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try await CLIRunner.activation(in: directory)
        for content in ["", "not a certificate\n"] {
            let ca = directory.appendingPathComponent("ca.pem")
            try Data(content.utf8).write(to: ca)
            let result = try await CLIRunner.run(
                ["sync", "list", "--url", "https://127.0.0.1:1", "--device", files.device, "--ca", ca.path],
                environment: [:], timeout: 60)
            #expect(result.status == 4, "\(result.stderr)")
            #expect(result.stderr.contains("holds no PEM certificate"), "\(result.stderr)")
        }
    }

    @Test("serve --tls-cert empty, or a P-256 key that is not the certificate's, is malformed input (4)")
    func badTLSMaterial() async throws {
        guard let openssl = PinsOpenSSL.path else { return }
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cert = directory.appendingPathComponent("cert.pem").path
        let key = directory.appendingPathComponent("key.pem").path
        let made = try await CLIRunner.runProcess(
            URL(fileURLWithPath: openssl),
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key,
                "-out", cert, "-days", "1", "-subj", "/CN=127.0.0.1",
            ], environment: [:], timeout: 60)
        try #require(made.status == 0, "\(made.stderr)")
        let other = directory.appendingPathComponent("other.pem").path
        try #require(try await CLIRunner.run(["pins", "keygen", "--out", other]).status == 0)
        let empty = directory.appendingPathComponent("empty.pem").path
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        for (certificate, privateKey, words) in [
            (empty, key, "PEM certificate"), (cert, empty, "holds no PEM private key"),
            (cert, other, "is not the private key"),
        ] {
            let result = try await CLIRunner.run(
                ["serve", "--port", "0", "--tls-cert", certificate, "--tls-key", privateKey], environment: [:],
                timeout: 60)
            #expect(result.status == 4, "\(result.stderr)")
            #expect(result.stderr.contains(words), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test("serve --state on an empty or a foreign file: 4 and one line, no DecodingError dump")
    func foreignStateFile() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let state = directory.appendingPathComponent("state.json")
        for (content, words) in [("", "is empty"), (#"{"fingerprints":[]}"#, "is not a qrauth serve state file")] {
            try Data(content.utf8).write(to: state)
            let result = try await CLIRunner.run(
                ["serve", "--http", "--port", "0", "--state", state.path], environment: [:], timeout: 60)
            #expect(result.status == 4, "\(result.stderr)")
            #expect(result.stderr.contains(words), "\(result.stderr)")
            #expect(!result.stderr.contains("DecodingError") && !result.stderr.contains("Context("), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
    }

    @Test("serve --app and --state naming one file, in any spelling, is refused (64)")
    func appAndStateOneFile() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("one.json").path
        let link = directory.appendingPathComponent("link.json").path
        _ = FileManager.default.createFile(atPath: file, contents: Data())
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
        for (app, state) in [(file, file), (link, file), (file, directory.path + "/./one.json")] {
            let result = try await CLIRunner.run(
                ["serve", "--http", "--port", "0", "--app", app, "--state", state], environment: [:], timeout: 60)
            #expect(result.status == 64, "\(result.stderr)")
            #expect(result.stderr.contains("name one file"), "\(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)).isEmpty)
    }

    @Test("serve stops with 4 when it cannot print its URL; scan --json to a full disk prints one line")
    func fullStandardOutput() async throws {
        guard FileManager.default.isWritableFile(atPath: "/dev/full") else { return }
        let serve = try await CLIRunner.runShell(
            #""$0" serve --http --port 0 > /dev/full"#, arguments: [CLIRunner.executable.path], timeout: 60)
        #expect(serve.status == 4, "\(serve.stderr)")
        #expect(serve.stderr.contains("cannot print the server's URL"), "\(serve.stderr)")
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let image = directory.appendingPathComponent("code.png").path
        try #require(try await CLIRunner.run(["qr", "encode", "hello", "--output", image]).status == 0)
        let scan = try await CLIRunner.runShell(
            #""$0" scan --json "$1" > /dev/full"#, arguments: [CLIRunner.executable.path, image], timeout: 60)
        #expect(scan.status == 4, "\(scan.stderr)")
        #expect(!scan.stderr.contains("CLIError"), "\(scan.stderr)")
        #expect(scan.stderr.split(separator: "\n").count == 1, "\(scan.stderr)")
    }
}

/// Issue 29, item 13: the remaining messages: numbers out of range in an activation file, a symlink loop.
@Suite("messages for out-of-range numbers and symlink loops (issue 29)")
struct FileMessageCLITests {
    @Test("a number out of range in an activation file names the field, not 'not valid JSON'")
    func outOfRangeNumber() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try await CLIRunner.activation(in: directory)
        let text = try String(contentsOfFile: files.device, encoding: .utf8)
        let counter = try #require(text.range(of: #""counter"\s*:\s*[0-9]+"#, options: .regularExpression))
        for value in ["1e30", "-1", "18446744073709551616"] {
            let changed = text.replacingCharacters(in: counter, with: "\"counter\": \(value)")
            try changed.write(toFile: files.device, atomically: true, encoding: .utf8)
            let result = try await CLIRunner.run(["activation", "show", files.device])
            #expect(result.status == 4, "\(result.stderr)")
            #expect(result.stderr.contains("counter (") && result.stderr.contains("out of range"), "\(result.stderr)")
            #expect(!result.stderr.contains("not valid JSON"), "\(result.stderr)")
        }
    }

    @Test("a symlink loop says so, not 'no such file'")
    func symlinkLoop() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let a = directory.appendingPathComponent("a.png").path
        let b = directory.appendingPathComponent("b.png").path
        try FileManager.default.createSymbolicLink(atPath: a, withDestinationPath: b)
        try FileManager.default.createSymbolicLink(atPath: b, withDestinationPath: a)
        for arguments in [["scan", a], ["activation", "show", a], ["pins", "lint", a]] {
            let result = try await CLIRunner.run(arguments)
            #expect(result.status == 4, "\(arguments): \(result.stderr)")
            #expect(result.stderr.lowercased().contains("symbolic links"), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("no such file"), "\(arguments): \(result.stderr)")
        }
    }
}
