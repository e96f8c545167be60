import Foundation
import QRImaging
import Testing

@Suite("PGM/PPM variants")
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
}
