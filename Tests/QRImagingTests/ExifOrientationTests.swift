import Foundation
import QRImaging
import Testing

@Suite("JPEG Exif orientation")
struct ExifOrientationTests {
    enum Corner: CaseIterable { case topLeft, topRight, bottomLeft, bottomRight }

    /// 64 × 32 stored pixels: white, a black block at the top left, a mid-grey block at the top right.
    static func stored() -> GrayImage {
        var image = GrayImage(width: 64, height: 32, fill: 255)
        for y in 0..<12 {
            for x in 0..<12 {
                image[x, y] = 0
                image[63 - x, y] = 128
            }
        }
        return image
    }

    /// An APP1 Exif segment whose IFD0 holds only the Orientation tag.
    static func exifSegment(orientation: UInt16, bigEndian: Bool) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] {
            bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)]
        }
        func u32(_ v: UInt32) -> [UInt8] {
            bigEndian
                ? [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
                : [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)]
        }
        var tiff: [UInt8] = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
        tiff += u16(42) + u32(8)
        tiff += u16(2)  // two entries: an unrelated one first, then Orientation
        tiff += u16(0x010F) + u16(2) + u32(4) + [0x41, 0x43, 0x4D, 0x00]  // Make = "ACM"
        tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + [0, 0]
        tiff += u32(0)
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = UInt16(payload.count + 2)
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    static func jpeg(orientation: UInt16?, bigEndian: Bool = false) throws -> Data {
        let plain = [UInt8](try ImageEncoder.jpeg(stored(), quality: 95))
        guard let orientation else { return Data(plain) }
        // Insert right after SOI.
        return Data(plain.prefix(2) + exifSegment(orientation: orientation, bigEndian: bigEndian) + plain.dropFirst(2))
    }

    static func corner(_ corner: Corner, of image: GrayImage) -> UInt8 {
        // Sample 4 px in from the corner, inside the 12 px blocks.
        let x = corner == .topLeft || corner == .bottomLeft ? 4 : image.width - 5
        let y = corner == .topLeft || corner == .topRight ? 4 : image.height - 5
        return image[x, y]
    }

    /// Where the stored top-left (black) and top-right (grey) blocks show once displayed, per the Exif
    /// definition of each orientation, and whether width and height swap.
    static let expected: [UInt16: (black: Corner, grey: Corner, swapped: Bool)] = [
        1: (.topLeft, .topRight, false),
        2: (.topRight, .topLeft, false),
        3: (.bottomRight, .bottomLeft, false),
        4: (.bottomLeft, .bottomRight, false),
        5: (.topLeft, .bottomLeft, true),
        6: (.topRight, .bottomRight, true),
        7: (.bottomRight, .topRight, true),
        8: (.bottomLeft, .topLeft, true),
    ]

    @Test(arguments: 1...8, [false, true])
    func orientationIsApplied(_ orientation: Int, bigEndian: Bool) throws {
        let data = try Self.jpeg(orientation: UInt16(orientation), bigEndian: bigEndian)
        #expect(ExifOrientation.read(fromJPEG: [UInt8](data))?.rawValue == orientation)
        let image = try ImageDecoder.decode(data)
        let want = try #require(Self.expected[UInt16(orientation)])
        #expect(image.width == (want.swapped ? 32 : 64))
        #expect(image.height == (want.swapped ? 64 : 32))
        for corner in Corner.allCases {
            let value = Int(Self.corner(corner, of: image))
            switch corner {
            case want.black: #expect(value < 40, "\(corner) should be black, is \(value)")
            case want.grey: #expect(abs(value - 128) < 30, "\(corner) should be grey, is \(value)")
            default: #expect(value > 215, "\(corner) should be white, is \(value)")
            }
        }
    }

    @Test func missingOrUnknownOrientationLeavesPixelsAlone() throws {
        let plain = try ImageDecoder.decode(Self.jpeg(orientation: nil))
        #expect(plain.width == 64)
        for value: UInt16 in [0, 9, 0xFFFF] {
            let image = try ImageDecoder.decode(Self.jpeg(orientation: value))
            #expect(image == plain)
        }
    }

    @Test func malformedExifIsIgnored() throws {
        var segment = Self.exifSegment(orientation: 6, bigEndian: false)
        // Point IFD0 far outside the segment.
        segment[4 + 6 + 4] = 0xFF
        segment[4 + 6 + 5] = 0xFF
        let plain = [UInt8](try ImageEncoder.jpeg(Self.stored(), quality: 95))
        let data = plain.prefix(2) + segment + plain.dropFirst(2)
        #expect(ExifOrientation.read(fromJPEG: Array(data)) == nil)
        #expect(try ImageDecoder.decode(Data(data)).width == 64)
        // Truncated segment lengths and garbage never crash the parser.
        for cut in stride(from: 2, to: 40, by: 3) {
            _ = ExifOrientation.read(fromJPEG: Array(data.prefix(cut)))
        }
    }

    @Test func orientationRoundTripsThroughInverse() {
        let image = ImageEncoderRoundTripTests.sample(width: 5, height: 3)
        // Turning right then left, or mirroring twice, gives the original back.
        #expect(image.oriented(.right).oriented(.left) == image)
        #expect(image.oriented(.upMirrored).oriented(.upMirrored) == image)
        #expect(image.oriented(.leftMirrored).oriented(.leftMirrored) == image)
        #expect(image.oriented(.down).oriented(.down) == image)
    }
}
