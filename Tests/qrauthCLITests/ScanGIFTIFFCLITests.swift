import Foundation
import Testing

/// `qrauth scan` reads GIF and TIFF (issue 31): named files and the `.gif .tif .tiff` files of a folder; a damaged
/// one is a line and exit 4 like any other bad image. The images are QRImagingTests' Pillow fixtures.
@Suite("scan: GIF and TIFF")
struct ScanGIFTIFFCLITests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("QRImagingTests/Fixtures")
    static let text = "Grüße aus Köln, 東京"

    @Test func aFolderOfGIFAndTIFFFilesIsScanned() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let gif = folder.appendingPathComponent("a.gif")
        let tif = folder.appendingPathComponent("b.tif")
        let tiff = folder.appendingPathComponent("c.tiff")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("pillow-qr.gif"), to: gif)
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("pillow-qr-g4.tif"), to: tif)
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("pillow-qr-g4.tif"), to: tiff)
        let result = try await CLIRunner.run(["scan", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "\(gif.path): \(Self.text)\n\(tif.path): \(Self.text)\n\(tiff.path): \(Self.text)\n")
    }

    @Test func aTruncatedGIFIsALineAndExit4() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = try Data(contentsOf: Self.fixtures.appendingPathComponent("pillow-qr.gif"))
        let cut = folder.appendingPathComponent("cut.gif")
        try bytes.prefix(bytes.count / 2).write(to: cut)
        let good = folder.appendingPathComponent("good.tif")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("pillow-qr-g4.tif"), to: good)
        let result = try await CLIRunner.run(["scan", cut.path, good.path])
        #expect(result.status == 4)
        #expect(result.stdout == "\(good.path): \(Self.text)\n")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("corrupt GIF"), "\(result.stderr)")
    }
}
