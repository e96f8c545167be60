import Foundation
import QRImaging
import Testing

@Suite("Encode and decode every format")
struct ImageEncoderRoundTripTests {
    /// A deterministic image with every grey level and an asymmetric layout.
    static func sample(width: Int = 37, height: Int = 23) -> GrayImage {
        var image = GrayImage(width: width, height: height, fill: 0)
        for y in 0..<height {
            for x in 0..<width { image[x, y] = UInt8((x * 7 + y * 13) % 256) }
        }
        return image
    }

    @Test func pngIsLossless() throws {
        let image = Self.sample()
        let decoded = try ImageDecoder.decodeWithFormat(ImageEncoder.png(image))
        #expect(decoded.format == .png)
        #expect(decoded.image == image)
    }

    @Test func pgmIsLossless() throws {
        let image = Self.sample()
        let decoded = try ImageDecoder.decodeWithFormat(ImageEncoder.pgm(image))
        #expect(decoded.format == .netpbm)
        #expect(decoded.image == image)
    }

    @Test func losslessWebPIsLossless() throws {
        let image = Self.sample()
        let decoded = try ImageDecoder.decodeWithFormat(ImageEncoder.webp(image, lossless: true))
        #expect(decoded.format == .webp)
        #expect(decoded.image == image)
    }

    @Test func lossyFormatsStayClose() throws {
        let image = Self.sample(width: 64, height: 48)
        for data in [
            try ImageEncoder.jpeg(image, quality: 95), try ImageEncoder.webp(image, lossless: false, quality: 95),
        ] {
            let decoded = try ImageDecoder.decode(data)
            #expect(decoded.width == image.width && decoded.height == image.height)
            let error = zip(decoded.pixels, image.pixels).map { abs(Int($0) - Int($1)) }.reduce(0, +)
            #expect(Double(error) / Double(image.pixels.count) < 12, "mean error \(error / image.pixels.count)")
        }
    }

    @Test func onePixelImagesDecode() throws {
        let image = GrayImage(width: 1, height: 1, fill: 0x42)
        #expect(try ImageDecoder.decode(ImageEncoder.png(image)) == image)
        #expect(try ImageDecoder.decode(ImageEncoder.pgm(image)) == image)
        #expect(try ImageDecoder.decode(ImageEncoder.webp(image)) == image)
        let jpeg = try ImageDecoder.decode(ImageEncoder.jpeg(image, quality: 100))
        #expect(jpeg.width == 1 && jpeg.height == 1 && abs(Int(jpeg.pixels[0]) - 0x42) <= 2)
    }

    @Test func qrMatrixSurvivesPNG() throws {
        let matrix = try QRCodeGenerator.encode(Data("hello".utf8), options: QRCodeOptions())
        let image = matrix.rasterize(scale: 3, margin: 4)
        #expect(try ImageDecoder.decode(ImageEncoder.png(image)) == image)
        #expect(image.width == (matrix.size + 8) * 3)
    }
}
