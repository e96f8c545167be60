import Foundation
import Testing

/// `qrauth scan --raw`: payload bytes only, one code per line, as zbarimg --raw prints them.
@Suite("qrauth scan --raw")
struct ScanRawCLITests {
    @Test func printsExactBytesPerCodeInInputOrder() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let binary = Data([0x00, 0x41, 0xFF, 0x1B, 0x5B, 0x32, 0x4A, 0x0D])
        let binaryFile = directory.appendingPathComponent("binary.bin")
        try binary.write(to: binaryFile)
        let first = directory.appendingPathComponent("a.png").path
        let second = directory.appendingPathComponent("b.png").path
        #expect(try await CLIRunner.run(["qr", "encode", "--input", binaryFile.path, "--output", first]).status == 0)
        #expect(try await CLIRunner.run(["qr", "encode", "Platba 1 250 Kč", "--output", second]).status == 0)

        let result = try await CLIRunner.run(["scan", "--raw", "--jobs", "2", first, second])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutData == binary + Data("\n".utf8) + Data("Platba 1 250 Kč\n".utf8))
        #expect(result.stderr.isEmpty)
    }

    @Test func noCodeGoesToStandardErrorWithExitThree() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let blank = directory.appendingPathComponent("blank.pgm")
        try (Data("P5\n64 64\n255\n".utf8) + Data(repeating: 255, count: 64 * 64)).write(to: blank)
        let result = try await CLIRunner.run(["scan", "--raw", blank.path])
        #expect(result.status == 3)
        #expect(result.stdoutData.isEmpty)
        #expect(result.stderr.contains("no QR code found"))
    }

    @Test func rawDoesNotCombineWithJSONOrParse() async throws {
        #expect(try await CLIRunner.run(["scan", "--raw", "--json", "x.png"]).status == 64)
        #expect(try await CLIRunner.run(["scan", "--raw", "--parse", "x.png"]).status == 64)
    }
}
