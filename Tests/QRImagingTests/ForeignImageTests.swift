import Foundation
import QRImaging
import Testing

/// Images written by other encoders (Pillow, the qrencode CLI), so the decoders and the generator
/// are checked against someone else's files, not only against our own encoder.
@Suite("Images and codes from other tools")
struct ForeignImageTests {
    static let fixtures = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!

    static func load(_ name: String) throws -> Data {
        try Data(contentsOf: fixtures.appendingPathComponent(name))
    }

    /// The ramp Pillow drew: 8 × 6, `(31x + 17y) mod 256`.
    static let ramp = GrayImage(
        width: 8, height: 6, pixels: (0..<6).flatMap { y in (0..<8).map { x in UInt8((x * 31 + y * 17) % 256) } })

    static func meanError(_ a: GrayImage, _ b: GrayImage) -> Double {
        Double(zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.reduce(0, +)) / Double(a.pixels.count)
    }

    @Test(arguments: [
        ("pillow-gray.png", ImageFormat.png, 0.0), ("pillow-rgba.png", .png, 0.0), ("pillow-binary.ppm", .netpbm, 0.0),
        ("pillow-lossless.webp", .webp, 0.0), ("pillow-palette.png", .png, 1.0), ("pillow-rgb.jpg", .jpeg, 12.0),
        ("pillow-lossy.webp", .webp, 16.0), ("pillow-cmyk.jpg", .jpeg, 12.0),
    ])
    func decodesPillowFiles(_ name: String, format: ImageFormat, tolerance: Double) throws {
        let decoded = try ImageDecoder.decodeWithFormat(Self.load(name))
        #expect(decoded.format == format)
        #expect(decoded.image.width == 8 && decoded.image.height == 6)
        #expect(Self.meanError(decoded.image, Self.ramp) <= tolerance, "\(name)")
    }

    @Test func pillowExifOrientationSixIsTurnedClockwise() throws {
        let bytes = try Self.load("pillow-orient6.jpg")
        #expect(ExifOrientation.read(fromJPEG: [UInt8](bytes)) == .right)
        let image = try ImageDecoder.decode(bytes)
        #expect(image.width == 6 && image.height == 8)
        // Turned 90° clockwise: displayed (x, y) shows stored (y, 5 − x).
        var expected = GrayImage(width: 6, height: 8, fill: 0)
        for y in 0..<8 {
            for x in 0..<6 { expected[x, y] = Self.ramp[y, 5 - x] }
        }
        #expect(Self.meanError(image, expected) <= 12)
    }

    @Test func generatorMatchesTheQrencodeCLI() throws {
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent("qrencode-czech-M.txt"), encoding: .utf8)
        let rows = text.split(separator: "\n").map { $0.map { $0 == "1" } }
        let matrix = try QRCodeGenerator.encode(
            Data("Potvrzení platby 1 250,00 Kč".utf8), options: QRCodeOptions(errorCorrection: .medium))
        #expect(rows.count == matrix.size)
        #expect(rows.flatMap { $0 } == matrix.modules)
    }
}
