import Foundation
import QRImaging
import Testing

/// Windows bitmaps (`BM`) as zbarimg users have them: every layout the decoder reads gives the grey pixels it holds,
/// and the layouts it does not read are typed errors.
@Suite("BMP decoding")
struct BMPDecoderTests {
    /// One way of writing a bitmap.
    enum Layout: String, CaseIterable, Sendable {
        case bgr24, bgr24TopDown, gray8Palette, gray4Palette, mono1, bgrx32, bitFields32Alpha, rgb555, core24
    }

    static func little16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    static func little32(_ value: Int) -> [UInt8] { little16(value & 0xFFFF) + little16(value >> 16 & 0xFFFF) }

    /// Writes `image` (grey) as a bitmap of `layout`; palettes are grey ramps, so the pixels read back exactly where
    /// the layout holds 8 bits (4- and 1-bit layouts hold the value the ramp gives).
    static func bmp(_ image: GrayImage, _ layout: Layout) -> Data {
        let (width, height) = (image.width, image.height)
        let bits: Int
        switch layout {
        case .bgr24, .bgr24TopDown, .core24: bits = 24
        case .gray8Palette: bits = 8
        case .gray4Palette: bits = 4
        case .mono1: bits = 1
        case .bgrx32, .bitFields32Alpha: bits = 32
        case .rgb555: bits = 16
        }
        let stride = (width * bits + 31) / 32 * 4
        var header: [UInt8]
        if layout == .core24 {
            header = little32(12) + little16(width) + little16(height) + little16(1) + little16(bits)
        } else {
            let compression = layout == .bitFields32Alpha ? 3 : 0
            let signedHeight = layout == .bgr24TopDown ? -height : height
            header = little32(layout == .bitFields32Alpha ? 56 : 40) + little32(width) + little32(signedHeight)
            header += little16(1) + little16(bits) + little32(compression) + little32(stride * height)
            header += little32(2835) + little32(2835) + little32(0) + little32(0)
            if layout == .bitFields32Alpha {
                header += little32(0x0000_FF00) + little32(0x00FF_0000) + little32(0xFF00_0000) + little32(0x0000_00FF)
            }
        }
        var palette: [UInt8] = []
        if bits <= 8 {
            let count = 1 << bits
            for index in 0..<count {
                let level = UInt8(index * 255 / (count - 1))
                palette += [level, level, level, 0]
            }
        }
        var pixels = [UInt8](repeating: 0, count: stride * height)
        for row in 0..<height {
            let fileRow = layout == .bgr24TopDown ? row : height - 1 - row
            for column in 0..<width {
                let value = image.pixels[row * width + column]
                let at = fileRow * stride
                switch bits {
                case 24: pixels.replaceSubrange(at + column * 3..<at + column * 3 + 3, with: [value, value, value])
                case 32:
                    let bytes: [UInt8] =
                        layout == .bitFields32Alpha ? [255, value, value, value] : [value, value, value, 0]
                    pixels.replaceSubrange(at + column * 4..<at + column * 4 + 4, with: bytes)
                case 16:
                    let five = Int(value) >> 3
                    pixels.replaceSubrange(
                        at + column * 2..<at + column * 2 + 2, with: little16(five << 10 | five << 5 | five))
                case 8: pixels[at + column] = value
                case 4: pixels[at + column / 2] |= (value >> 4) << (column % 2 == 0 ? 4 : 0)
                default: if value >= 128 { pixels[at + column / 8] |= 0x80 >> UInt8(column % 8) }
                }
            }
        }
        let offset = 14 + header.count + palette.count
        let file = Array("BM".utf8) + little32(offset + pixels.count) + little32(0) + little32(offset)
        return Data(file + header + palette + pixels)
    }

    /// What a layout keeps of a grey value.
    static func kept(_ value: UInt8, _ layout: Layout) -> UInt8 {
        switch layout {
        case .gray4Palette: UInt8(Int(value >> 4) * 255 / 15)
        case .mono1: value >= 128 ? 255 : 0
        case .rgb555: UInt8((Int(value >> 3) * 255 + 15) / 31)
        default: value
        }
    }

    @Test("every layout reads back the pixels it holds", arguments: Layout.allCases)
    func readsBack(_ layout: Layout) throws {
        let image = ImageEncoderRoundTripTests.sample(width: 37, height: 21)  // odd width: row padding
        let (decoded, format) = try ImageDecoder.decodeWithFormat(Self.bmp(image, layout))
        #expect(format == .bmp)
        #expect(decoded.width == 37 && decoded.height == 21)
        #expect(decoded.pixels == image.pixels.map { Self.kept($0, layout) }, "\(layout)")
    }

    @Test("a QR code in a BMP is read")
    func scansACode() throws {
        let image = try QRCodeGenerator.encode(Data("bitmap".utf8)).rasterize(scale: 4, margin: 4)
        let symbols = try QRScanner().scan(try ImageDecoder.decode(Self.bmp(image, .bgr24)))
        #expect(symbols.map(\.bytes) == [Data("bitmap".utf8)])
    }

    @Test("layouts it does not read, and lies in the header, are typed errors")
    func refusals() throws {
        let image = ImageEncoderRoundTripTests.sample(width: 8, height: 8)
        var rle = [UInt8](Self.bmp(image, .gray8Palette))
        rle[30] = 1  // BI_RLE8
        #expect(ImageDecoderBadInputTests.code { try ImageDecoder.decode(Data(rle)) } == .unsupportedFormat)
        var huge = [UInt8](Self.bmp(image, .bgr24))
        huge.replaceSubrange(18..<26, with: Self.little32(1 << 30) + Self.little32(1 << 30))
        #expect(ImageDecoderBadInputTests.code { try ImageDecoder.decode(Data(huge)) } == .tooManyPixels)
        var tall = [UInt8](Self.bmp(image, .bgr24))
        tall.replaceSubrange(22..<26, with: Self.little32(9))  // one row more than the file holds
        #expect(ImageDecoderBadInputTests.code { try ImageDecoder.decode(Data(tall)) } == .corrupt)
        var planes = [UInt8](Self.bmp(image, .bgr24))
        planes[26] = 2
        #expect(ImageDecoderBadInputTests.code { try ImageDecoder.decode(Data(planes)) } == .corrupt)
        var depth = [UInt8](Self.bmp(image, .bgr24))
        depth[28] = 7
        #expect(ImageDecoderBadInputTests.code { try ImageDecoder.decode(Data(depth)) } == .corrupt)
        var minimum = [UInt8](Self.bmp(image, .bgr24))
        minimum.replaceSubrange(22..<26, with: Self.little32(Int(Int32.min) & 0xFFFF_FFFF))
        #expect(ImageDecoderBadInputTests.code { try ImageDecoder.decode(Data(minimum)) } == .corrupt)
    }

    /// The fuzz smoke's find (now a seed of Fuzz/Corpus/image-decoder): 32-bit bit fields whose masks are not one
    /// run of bits trapped converting a channel to 8 bits. Such a mask is a typed error now.
    @Test("a bit-field mask with a gap is refused, not a trap")
    func maskWithAGap() throws {
        let file = try #require(
            Data(
                base64Encoded:
                    "Qk1eAAAAAAAAAEYAAAA4AAAAAwAAAAIAAAABACAAAwAAABgAAAATCwAAEwsAAAAAAAAA/wAAAAD//wAAAAD/AGRQAABkoP9QZAD/AAAAAABGAAAAOAAAAAMAAAACAAAAAQAgAAMAAAAYAAAAEwsAABMLAAAABAAAAAAAAAD/AAAAAP8AAAAA/z//AAAAAP8AZFD/KGSgSW50AP8AAFD/KACg/1D/KACg/1AA"
            ))
        #expect(ImageDecoderBadInputTests.code { try ImageDecoder.decode(file) } == .corrupt)
    }
}
