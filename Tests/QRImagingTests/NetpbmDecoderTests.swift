import Foundation
import QRImaging
import Testing

@Suite("PBM/PGM/PPM variants")
struct NetpbmDecoderTests {
    @Test func plainGreyMapWithComments() throws {
        let text = "P2\n# a comment\n3 2 # trailing comment\n# another\n10\n0 5 10\n10 5 0\n"
        let image = try ImageDecoder.decode(Data(text.utf8))
        #expect(image == GrayImage(width: 3, height: 2, pixels: [0, 128, 255, 255, 128, 0]))
    }

    @Test func binaryPixelMapUsesLuma() throws {
        let header = Data("P6\n4 1\n255\n".utf8)
        let raster: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]
        let image = try ImageDecoder.decode(header + Data(raster))
        // BT.601: R 0.299, G 0.587, B 0.114.
        #expect(image.width == 4 && image.height == 1)
        #expect(abs(Int(image.pixels[0]) - 76) <= 1)
        #expect(abs(Int(image.pixels[1]) - 150) <= 1)
        #expect(abs(Int(image.pixels[2]) - 29) <= 1)
        #expect(image.pixels[3] == 255)
    }

    @Test func plainPixelMap() throws {
        let image = try ImageDecoder.decode(Data("P3 2 1 1\n0 0 0  1 1 1\n".utf8))
        #expect(image.pixels == [0, 255])
    }

    @Test func sixteenBitSamplesAreBigEndianAndScaled() throws {
        let header = Data("P5 3 1 65535\n".utf8)
        let image = try ImageDecoder.decode(header + Data([0x00, 0x00, 0x80, 0x00, 0xFF, 0xFF]))
        #expect(image.pixels == [0, 128, 255])
    }

    @Test func smallMaxvalScales() throws {
        let image = try ImageDecoder.decode(Data("P5 2 1 1\n".utf8) + Data([0, 1]))
        #expect(image.pixels == [0, 255])
    }

    @Test func plainBitmapWithAndWithoutSpaces() throws {
        let image = try ImageDecoder.decode(Data("P1\n# a bitmap\n3 2\n1 0 1\n010\n".utf8))
        #expect(image == GrayImage(width: 3, height: 2, pixels: [0, 255, 0, 255, 0, 255]))
    }

    @Test func rawBitmapRowsArePaddedToWholeBytes() throws {
        // 10 × 2: each row is two bytes, the last six bits padding (set here, and ignored).
        let raster: [UInt8] = [0b1000_0001, 0b0111_1111, 0b0000_0000, 0b1011_1111]
        let image = try ImageDecoder.decode(Data("P4\n10 2\n".utf8) + Data(raster))
        let expected: [UInt8] = [
            0, 255, 255, 255, 255, 255, 255, 0, 255, 0, 255, 255, 255, 255, 255, 255, 255, 255, 0, 255,
        ]
        #expect(image == GrayImage(width: 10, height: 2, pixels: expected))
    }

    @Test(arguments: [
        ("P4\n10 2\n", [0xFF, 0xFF, 0xFF] as [UInt8], "truncated raster"),
        ("P1\n2 2\n1 0 1\n", [], "truncated"),
        ("P1\n2 1\n1 2\n", [], "not 0 or 1"),
        ("P4\n", [], "expected a number"),
    ])
    func brokenBitmapsAreCorrupt(_ header: String, _ raster: [UInt8], _ reason: String) throws {
        let error = try #require(throws: ImagingError.self) {
            try ImageDecoder.decode(Data(header.utf8) + Data(raster))
        }
        #expect(error.code == .corrupt)
        #expect(error.reason.hasPrefix("corrupt PBM:") && error.reason.contains(reason), "\(error.reason)")
    }

    @Test func codeDrawnAsRawBitmapIsScanned() throws {
        let payload = Data("Potvrzení platby 1 250,00 Kč".utf8)
        let grey = try QRCodeGenerator.encode(payload).rasterize(scale: 3)
        let rowBytes = (grey.width + 7) / 8
        var raster = [UInt8](repeating: 0, count: rowBytes * grey.height)
        for y in 0..<grey.height {
            for x in 0..<grey.width where grey[x, y] < 128 { raster[y * rowBytes + x / 8] |= 0x80 >> UInt8(x % 8) }
        }
        let file = Data("P4\n\(grey.width) \(grey.height)\n".utf8) + Data(raster)
        let decoded = try ImageDecoder.decodeWithFormat(file)
        #expect(decoded.format == .netpbm)
        #expect(decoded.image == grey)
        #expect(try QRScanner().scan(decoded.image).first?.bytes == payload)
    }
}
