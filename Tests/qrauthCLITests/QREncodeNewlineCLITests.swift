import Foundation
import Testing

/// The documented route `qrauth operation create … > op.txt` then `qrauth qr encode --input op.txt`
/// must make a QR code the mobile SDKs accept: no trailing line feed after the signature.
@Suite("qrauth qr encode: an offline operation's trailing line feed")
struct QREncodeNewlineCLITests {
    private func scannedText(_ image: String) async throws -> String {
        let scan = try await CLIRunner.run(["scan", image, "--json"])
        try #require(scan.status == 0)
        let line = try #require(scan.stdout.split(separator: "\n").first)
        let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let symbols = try #require(record["symbols"] as? [[String: Any]])
        return try #require(symbols.first?["text"] as? String)
    }

    @Test func operationFileIsEncodedWithoutItsLineFeedUnlessAsked() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let operationFile = CLIRunner.fixture("offline-operation.txt")
        let withNewline = try String(contentsOfFile: operationFile, encoding: .utf8)
        try #require(withNewline.hasSuffix("\n"))

        let image = directory.appendingPathComponent("op.png").path
        let made = try await CLIRunner.run(["qr", "encode", "--input", operationFile, "--output", image])
        #expect(made.status == 0)
        #expect(made.stderr.contains("without the line feed"))
        #expect(try await scannedText(image) == String(withNewline.dropLast()))
        let parsed = try await CLIRunner.run(["scan", image, "--parse"])
        #expect(parsed.status == 0)

        let exact = directory.appendingPathComponent("exact.png").path
        let kept = try await CLIRunner.run([
            "qr", "encode", "--input", operationFile, "--output", exact, "--keep-newline",
        ])
        #expect(kept.status == 0)
        #expect(!kept.stderr.contains("line feed"))
        #expect(try await scannedText(exact) == withNewline)
    }

    @Test func otherTextKeepsItsLineFeedSilently() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("hello.txt")
        try Data("hello\n".utf8).write(to: input)
        let image = directory.appendingPathComponent("hello.png").path
        let made = try await CLIRunner.run(["qr", "encode", "--input", input.path, "--output", image])
        #expect(made.status == 0)
        #expect(made.stderr.isEmpty)
        #expect(try await scannedText(image) == "hello\n")
    }

    @Test func symbolVersionHasOneSpellingInHelpAndTheOldOneStillWorks() async throws {
        let new = try await CLIRunner.run(["qr", "encode", "x", "--symbol-version", "5", "--json", "--format", "text"])
        #expect(new.status == 0)
        #expect(new.stdout.contains("\"version\" : 5"))
        let old = try await CLIRunner.run(["qr", "encode", "x", "--version", "5", "--json", "--format", "text"])
        #expect(old.stdout == new.stdout)
        #expect(try await CLIRunner.run(["qr", "encode", "x", "--version", "5", "--symbol-version", "5"]).status == 64)
        let help = try await CLIRunner.run(["qr", "encode", "--help"])
        #expect(help.stdout.components(separatedBy: "--version").count == 2)  // only the tool's own flag
    }
}
