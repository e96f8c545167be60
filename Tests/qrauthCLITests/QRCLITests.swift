import Foundation
import Testing

@Suite("qrauth qr encode")
struct QRCLITests {
    static let pngSignature = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

    static func json(_ result: CLIResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
    }

    @Test func textFormatOnStdout() async throws {
        let result = try await CLIRunner.run(["qr", "encode", "hello", "--format", "text", "--margin", "0"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 21)
        #expect(lines.allSatisfy { $0.count == 21 && $0.allSatisfy { "01".contains($0) } })
        // Top-left finder pattern: a dark row of seven, then dark, five light, dark.
        #expect(lines[0].hasPrefix("11111110"))
        #expect(lines[1].hasPrefix("10000010"))
    }

    @Test func pipedStdoutDefaultsToPNG() async throws {
        let result = try await CLIRunner.run(["qr", "encode", "Platba 1 250,00 Kč — příkaz"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutData.starts(with: Self.pngSignature))
        #expect(result.stderr.isEmpty)
    }

    @Test func everyFormatToFiles() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, check) in [
            ("code.png", { (data: Data) in data.starts(with: Self.pngSignature) }),
            ("code.svg", { (data: Data) in String(decoding: data, as: UTF8.self).contains("<svg") }),
            ("code.txt", { (data: Data) in String(decoding: data, as: UTF8.self).allSatisfy { "01\n".contains($0) } }),
        ] {
            let path = directory.appendingPathComponent(name).path
            let result = try await CLIRunner.run(["qr", "encode", "file test", "--output", path])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("wrote \(path)"))
            #expect(result.stdout.contains("self-check passed"))
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(check(data), "\(name)")
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(mode == 0o644)
        }
        let terminal = directory.appendingPathComponent("code.out").path
        let explicit = try await CLIRunner.run(["qr", "encode", "x", "--output", terminal, "--format", "terminal"])
        #expect(explicit.status == 0)
        let text = try String(contentsOfFile: terminal, encoding: .utf8)
        #expect(text.contains("\u{2588}") && !text.contains("\u{1B}"))
    }

    @Test func rawBytesFromStdinAndJSON() async throws {
        var payload = Data((0...255).map { UInt8($0) })
        payload.append(contentsOf: [0, 0, 0x0A])
        let result = try await CLIRunner.run(
            ["qr", "encode", "--input", "-", "--json", "--ecc", "l", "--format", "png"], stdin: payload)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try Self.json(result)
        #expect(report["bytes"] as? Int == payload.count)
        #expect(report["ecc"] as? String == "L")
        #expect(report["check"] as? String == "passed")
        // Read back without a repair pass.
        #expect(["downscaled", "plain"].contains(report["checkPass"] as? String ?? ""))
        let version = try #require(report["version"] as? Int)
        #expect(report["size"] as? Int == 17 + 4 * version)
        let png = try #require(Data(base64Encoded: report["contentBase64"] as? String ?? ""))
        #expect(png.starts(with: Self.pngSignature))
    }

    @Test func fixedVersionAndECI() async throws {
        let result = try await CLIRunner.run(
            ["qr", "encode", "Kč", "--version", "5", "--eci", "26", "--ecc", "H", "--json", "--format", "text"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try Self.json(result)
        #expect(report["version"] as? Int == 5)
        #expect(report["size"] as? Int == 37)
        #expect((report["content"] as? String)?.split(separator: "\n").count == 45)
    }

    @Test func badOptionsAreUsageErrors() async throws {
        for arguments in [
            ["qr", "encode", "x", "--ecc", "X"],
            ["qr", "encode", "x", "--version", "41"],
            ["qr", "encode", "x", "--scale", "0"],
            ["qr", "encode", "x", "--margin", "-1"],
            ["qr", "encode", "x", "--foreground", "blue"],
            ["qr", "encode", "x", "--format", "gif"],
            ["qr", "encode", "x", "--output", "/tmp/unknown.extension"],
            ["qr", "encode"],
            ["qr", "encode", "x", "--input", "-"],
        ] {
            let result = try await CLIRunner.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stdoutData.isEmpty, "\(arguments)")
        }
    }

    @Test func unfitPayloadsAreMalformedInput() async throws {
        let tooLarge = try await CLIRunner.run(
            ["qr", "encode", "--input", "-", "--format", "text"], stdin: Data(count: 3000))
        #expect(tooLarge.status == 4)
        #expect(tooLarge.stderr.contains("at most 2331 bytes"))
        let notInVersion = try await CLIRunner.run([
            "qr", "encode", String(repeating: "a", count: 20), "--version", "1",
        ])
        #expect(notInVersion.status == 4)
        #expect(notInVersion.stderr.contains("version 2 would fit"))
        let empty = try await CLIRunner.run(["qr", "encode", "--input", "-"], stdin: Data())
        #expect(empty.status == 4)
        #expect(empty.stderr.contains("empty"))
        let missing = try await CLIRunner.run([
            "qr", "encode", "--input", "/nonexistent/payload.bin", "--format", "text",
        ])
        #expect(missing.status == 4)
        #expect(missing.stdoutData.isEmpty)
    }

    @Test func failedSelfCheckExitsOneAndWritesNothing() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("invisible.png").path
        let colours = ["--foreground", "#FFFFFF", "--background", "#FFFFFF"]
        let failed = try await CLIRunner.run(["qr", "encode", "x", "--output", path] + colours)
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("self-check failed"))
        #expect(!FileManager.default.fileExists(atPath: path))
        let unchecked = try await CLIRunner.run(["qr", "encode", "x", "--output", path, "--no-check"] + colours)
        #expect(unchecked.status == 0)
        #expect(unchecked.stdout.contains("self-check skipped"))
        #expect(FileManager.default.fileExists(atPath: path))
    }

    #if os(Linux)
        /// Runs a shell command under util-linux `script`, so standard output is a pseudo-terminal.
        static func underTerminal(_ command: String, noColor: Bool) async throws -> String {
            try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/script"))
            return try await CLIRunner.runProcess(
                URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"], environment: [:],
                noColor: noColor, timeout: nil
            ).stdout
        }

        @Test func pngToATerminalIsRefused() async throws {
            let output = try await Self.underTerminal(
                "\(CLIRunner.executable.path) qr encode x --format png; echo \"status=$?\"", noColor: true)
            #expect(output.contains("refusing to write PNG to a terminal"))
            #expect(output.contains("status=64"))
        }

        @Test func terminalIsTheDefaultOnATerminalWithColoursUnlessNoColor() async throws {
            let coloured = try await Self.underTerminal("\(CLIRunner.executable.path) qr encode hello", noColor: false)
            #expect(coloured.contains("\u{2588}"))
            #expect(coloured.contains("\u{1B}[97;40m"))
            let plain = try await Self.underTerminal("\(CLIRunner.executable.path) qr encode hello", noColor: true)
            #expect(plain.contains("\u{2588}"))
            #expect(!plain.contains("\u{1B}"))
        }
    #endif
}
