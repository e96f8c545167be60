import Foundation
import QRImaging
import Testing

/// An ancillary PNG chunk claiming more bytes than the file has left is refused before libpng allocates (and zeroes)
/// a buffer of the claimed size: FuzzImageDecoder's input of 93 bytes claimed 889 MB.
@Suite("PNG: overlong ancillary chunks are refused before libpng allocates them")
struct PNGChunkLengthTests {
    /// The FuzzImageDecoder input (an 8 × 6 grey header, then an iTXt chunk claiming 0x35000012 bytes).
    static let fuzzInput = Data(
        base64Encoded:
            "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAAAAADbboAnAAAAEmlUWHRzREF4UgAAAAgAAAAGCAAAAADbboAnNQAAEmlUWHRzREF43x7fAQAA"
            + "P9/f398AP9+uQmCC")!

    /// A chunk with its CRC (`ImageDecoderBadInputTests.chunk`); `claimedLength` replaces the true length in the
    /// header (the CRC covers type and data, not the length).
    static func chunk(_ type: String, _ data: [UInt8], claimedLength: UInt32? = nil) -> [UInt8] {
        let chunk = ImageDecoderBadInputTests.chunk(type, data)
        guard let claimedLength else { return chunk }
        return ImageDecoderBadInputTests.bigEndian(claimedLength) + chunk.dropFirst(4)
    }

    /// A 2 × 2 16-bit grey PNG (a layout the direct reader hands to libpng) with `ancillary` before its IDAT.
    static func sixteenBitPNG(ancillary: [UInt8]) -> Data {
        let raw: [UInt8] = [0, 0x00, 0x00, 0xFF, 0xFF, 0, 0xFF, 0xFF, 0x00, 0x00]
        let header = ImageDecoderBadInputTests.bigEndian(2) + ImageDecoderBadInputTests.bigEndian(2) + [16, 0, 0, 0, 0]
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        return Data(
            signature + chunk("IHDR", header) + ancillary + chunk("IDAT", PNGDirectReaderTests.deflate(raw))
                + chunk("IEND", []))
    }

    static func corruptMessage(_ data: Data) -> String? {
        do {
            _ = try ImageDecoder.decode(data)
            return nil
        } catch {
            return error.code == .corrupt ? error.reason : "\(error.code)"
        }
    }

    @Test("the fuzz input: refused naming the chunk and its claimed length")
    func fuzzInputIsRefusedByItsClaim() {
        let message = Self.corruptMessage(Self.fuzzInput)
        #expect(message?.contains("iTXt chunk claims 889192466 bytes") == true, "\(message ?? "decoded")")
    }

    @Test("a text chunk of its true length decodes through libpng; the same chunk claiming more is refused")
    func trueAndOverlongClaims() throws {
        let text = Array("Comment\u{0}hello".utf8)
        let good = Self.sixteenBitPNG(ancillary: Self.chunk("tEXt", text))
        let image = try ImageDecoder.decode(good)
        #expect(image.width == 2 && image.height == 2)
        #expect(image.pixels == [0, 255, 255, 0])
        let overlong = Self.sixteenBitPNG(ancillary: Self.chunk("tEXt", text, claimedLength: 0x7FFF_FFF0))
        let message = Self.corruptMessage(overlong)
        #expect(message?.contains("tEXt chunk claims 2147483632 bytes") == true, "\(message ?? "decoded")")
    }

    @Test("bytes after IEND that read like an overlong chunk are ignored, as libpng ignores them")
    func bytesAfterTheEndAreNotAChunk() throws {
        let text = Array("Comment\u{0}hello".utf8)
        // A length of 0x66666666, then "ffff" (an ancillary type): FuzzPNGDirect's trailing bytes.
        let appended = Self.sixteenBitPNG(ancillary: Self.chunk("tEXt", text)) + Data(repeating: 0x66, count: 90)
        let image = try ImageDecoder.decode(appended)
        #expect(image.pixels == [0, 255, 255, 0])
        // Before IEND the same claim is still refused.
        let inside = Self.sixteenBitPNG(ancillary: Array(repeating: 0x66, count: 12) + Self.chunk("tEXt", text))
        let message = Self.corruptMessage(inside)
        #expect(message?.contains("ffff chunk claims 1717986918 bytes") == true, "\(message ?? "decoded")")
    }
}
