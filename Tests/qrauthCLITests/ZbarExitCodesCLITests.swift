import Foundation
import Testing

/// `scan --zbar-exit-codes`: zbarimg's exit codes (zbarimg(1) EXIT STATUS: 0 found, 4 no barcode, 1 an error with
/// an image or the arguments, which wins over 4) for scripts moving over from it; without the flag, qrauth's own.
@Suite("scan --zbar-exit-codes")
struct ZbarExitCodesCLITests {
    @Test("each outcome exits as zbarimg does with the flag, as design.md says without it")
    func exitCodes() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let code = try await ScanCLITests.makeCode(Data("hello".utf8), named: "code", in: folder).path
        let blank = folder.appendingPathComponent("blank.pgm")
        try (Data("P5 8 8 255\n".utf8) + Data(repeating: 255, count: 64)).write(to: blank)
        let garbage = folder.appendingPathComponent("garbage.png")
        try Data("not an image\n".utf8).write(to: garbage)
        let missing = folder.appendingPathComponent("missing.png").path

        let cases: [(inputs: [String], qrauth: Int32, zbarimg: Int32)] = [
            ([code], 0, 0),
            ([code, blank.path], 3, 4),
            ([garbage.path], 4, 1),
            ([missing], 4, 1),
            ([blank.path, garbage.path], 4, 1),  // an error wins over "no code", in both
        ]
        for (inputs, qrauth, zbarimg) in cases {
            let own = try await CLIRunner.run(["scan"] + inputs)
            #expect(own.status == qrauth, "scan \(inputs): \(own.stderr)")
            let mapped = try await CLIRunner.run(["scan", "--zbar-exit-codes"] + inputs)
            #expect(mapped.status == zbarimg, "scan --zbar-exit-codes \(inputs): \(mapped.stderr)")
            #expect(mapped.stdout == own.stdout, "the flag changes the exit code only")
        }
        // Bad arguments are 1 for zbarimg too.
        #expect(try await CLIRunner.run(["scan", "--zbar-exit-codes"]).status == 1)
        #expect(try await CLIRunner.run(["scan", "--zbar-exit-codes", "--jobs", "0", code]).status == 1)
        #expect(try await CLIRunner.run(["scan", "--jobs", "0", code]).status == 64)
    }
}
