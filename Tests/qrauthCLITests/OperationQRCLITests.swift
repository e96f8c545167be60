import Foundation
import Testing

/// `operation create --qr`: the signed payload rendered as a QR code, read back by `scan`, approved.
@Suite("Signed operations as QR codes")
struct OperationQRCLITests {
    @Test(arguments: ["png", "svg"])
    func createRendersAQRCodeThatScansBackToThePayload(format: String) async throws {
        let setup = try await CodeCLITests.Setup()
        let qrPath = setup.directory.appendingPathComponent("operation.\(format)").path
        let operation = try await setup.operation(extra: ["--qr", qrPath])
        #expect(FileManager.default.fileExists(atPath: qrPath))
        guard format == "png" else {
            let svg = try String(contentsOfFile: qrPath, encoding: .utf8)
            #expect(svg.hasPrefix("<?xml") || svg.hasPrefix("<svg"))
            return
        }
        let scanned = try await CLIRunner.run(["scan", qrPath, "--json", "--parse", "--activation", setup.device])
        #expect(scanned.status == 0, "\(scanned.stderr)")
        let line = try #require(
            try JSONSerialization.jsonObject(with: scanned.stdoutData) as? [String: Any])
        let symbols = try #require(line["symbols"] as? [[String: Any]])
        #expect(symbols.count == 1)
        #expect(symbols.first?["kind"] as? String == "offline-operation")
        #expect(symbols.first?["text"] as? String == operation)
        let code = try await setup.code(operation)
        #expect(try await setup.verify(code, operation).status == 0)
    }

    @Test func refusesAnUnknownQRExtensionBeforePrinting() async throws {
        let setup = try await CodeCLITests.Setup()
        let result = try await CLIRunner.run([
            "operation", "create", "--server", setup.server, "--data", CodeCLITests.data,
            "--qr", setup.directory.appendingPathComponent("operation.gif").path,
        ])
        #expect(result.status == 64)
        #expect(result.stderr.contains(".png or .svg"))
    }
}
