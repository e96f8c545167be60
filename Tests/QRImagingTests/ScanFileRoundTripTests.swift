import Foundation
import QRImaging
import Testing

/// The scan side of the round trip: encode → render → write a file in every format → decode → scan,
/// byte-exact, with several codes in one image found together.
@Suite("Scan round trip through every file format")
struct ScanFileRoundTripTests {
    enum Format: String, CaseIterable {
        case png, jpeg, webp, webpLossy, pgm
    }

    static let payloads: [Data] = [
        Data((0...255).map { UInt8($0) }),
        Data("Potvrzení platby 1 250,00 Kč — Žluťoučký kůň".utf8),
        Data("5ff1b1ed\nPlatba *A1*\nZpráva s \\n a \\\\ a \\*\nA1*A100CZK*Q\\*x\nB\n\nAAAA\n0AAAA".utf8),
    ]

    static func file(_ image: GrayImage, _ format: Format) throws -> Data {
        switch format {
        case .png: try ImageEncoder.png(image)
        case .jpeg: try ImageEncoder.jpeg(image, quality: 90)
        case .webp: try ImageEncoder.webp(image)
        case .webpLossy: try ImageEncoder.webp(image, lossless: false, quality: 80)
        case .pgm: ImageEncoder.pgm(image)
        }
    }

    @Test(arguments: Format.allCases)
    func everyPayloadReadsBackByteExact(_ format: Format) throws {
        let scanner = try QRScanner()
        for payload in Self.payloads {
            let image = try QRCodeGenerator.encode(payload).rasterize(scale: 3, margin: 4)
            let decoded = try ImageDecoder.decode(Self.file(image, format))
            let symbols = scanner.scan(decoded, budget: nil)
            #expect(symbols.map(\.bytes) == [payload], "\(format.rawValue), \(payload.count) bytes")
            #expect(symbols.first?.text == String(data: payload, encoding: .utf8))
        }
    }

    @Test func threeCodesSideBySideAreAllFound() throws {
        let images = try Self.payloads.map { try QRCodeGenerator.encode($0).rasterize(scale: 3, margin: 4) }
        let width = images.map(\.width).reduce(0, +)
        let height = images.map(\.height).max() ?? 0
        var canvas = GrayImage(width: width, height: height, fill: 255)
        var left = 0
        for image in images {
            for y in 0..<image.height { for x in 0..<image.width { canvas[left + x, y] = image[x, y] } }
            left += image.width
        }
        let decoded = try ImageDecoder.decode(ImageEncoder.png(canvas))
        let symbols = try QRScanner().scan(decoded, budget: nil)
        #expect(Set(symbols.map(\.bytes)) == Set(Self.payloads))
        #expect(symbols.allSatisfy { [.finders, .downscaled, .plain].contains($0.pass) && $0.points.count == 4 })
    }
}
