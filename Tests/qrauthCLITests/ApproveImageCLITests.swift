import Foundation
import Testing

/// `qrauth operation approve --image F`: screenshot → approval code in one step.
@Suite("qrauth operation approve --image")
struct ApproveImageCLITests {
    @Test func approvesTheOperationInAScreenshotAndTheServerAcceptsIt() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        let env = ["PIN": "1234"]
        _ = try await CLIRunner.activation(in: directory)
        let made = try await CLIRunner.run([
            "operation", "create", "--server", path("bank.json"), "--title", "Payment", "--data", "A1*A100CZK",
            "--qr", path("op.png"),
        ])
        try #require(made.status == 0, "\(made.stderr)")
        let operation = made.stdout.trimmingCharacters(in: .newlines)

        let approved = try await CLIRunner.run(
            [
                "operation", "approve", "--image", path("op.png"), "--activation", path("phone.json"), "--password-env",
                "PIN",
            ],
            environment: env)
        #expect(approved.status == 0, "\(approved.stderr)")
        let code = approved.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let verified = try await CLIRunner.run([
            "code", "verify", "--server", path("bank.json"), "--code", code, "--operation", operation,
        ])
        #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")

        // operation parse reads the same image; its JSON equals parsing the text.
        let fromImage = try await CLIRunner.run(["operation", "parse", "--image", path("op.png"), "--json"])
        let fromText = try await CLIRunner.run(["operation", "parse", operation, "--json"])
        #expect(fromImage.status == 0, "\(fromImage.stderr)")
        #expect(fromImage.stdout == fromText.stdout)
        #expect(try await CLIRunner.run(["operation", "parse", operation, "--image", path("op.png")]).status == 64)
    }

    @Test func imagesWithoutAnOperationAndDoubleInputsAreRefused() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        let env = ["PIN": "1234"]
        _ = try await CLIRunner.activation(in: directory)
        let before = try Data(contentsOf: URL(fileURLWithPath: path("phone.json")))
        let approve = ["operation", "approve", "--activation", path("phone.json"), "--password-env", "PIN", "--image"]

        try (Data("P5\n64 64\n255\n".utf8) + Data(repeating: 255, count: 64 * 64)).write(
            to: URL(fileURLWithPath: path("blank.pgm")))
        let blank = try await CLIRunner.run(approve + [path("blank.pgm")], environment: env)
        #expect(blank.status == 3)
        #expect(blank.stderr.contains("no QR code found"))

        #expect(try await CLIRunner.run(["qr", "encode", "hello", "--output", path("hello.png")]).status == 0)
        let text = try await CLIRunner.run(approve + [path("hello.png")], environment: env)
        #expect(text.status == 4)
        #expect(text.stderr.contains("none an offline operation"))

        let both = try await CLIRunner.run(approve + [path("hello.png"), "some-operation"], environment: env)
        #expect(both.status == 64)
        // No counter was spent by any refusal.
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("phone.json"))) == before)
    }
}
