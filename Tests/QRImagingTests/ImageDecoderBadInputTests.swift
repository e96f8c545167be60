import Foundation
import QRAuthTestSupport
import QRImaging
import Testing

@Suite("Bad images give typed errors, never a crash")
struct ImageDecoderBadInputTests {
    static let image = ImageEncoderRoundTripTests.sample(width: 64, height: 48)

    static func code(_ body: () throws -> GrayImage) -> ImagingError.Code? {
        do {
            _ = try body()
            return nil
        } catch let error as ImagingError {
            #expect(!error.reason.isEmpty)
            return error.code
        } catch {
            Issue.record("untyped error \(error)")
            return nil
        }
    }

    /// A PNG chunk with its length and CRC.
    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        let length = UInt32(body.count)
        return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            + typed + bigEndian(crc32(typed))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    @Test func zeroBytesIsEmpty() {
        #expect(Self.code { try ImageDecoder.decode(Data()) } == .emptyInput)
    }

    @Test func textFileIsUnsupported() {
        let text = Data("Hello, this is a text file, not an image.\n".utf8)
        #expect(Self.code { try ImageDecoder.decode(text) } == .unsupportedFormat)
        #expect(Self.code { try ImageDecoder.decode(Data([0x50])) } == .unsupportedFormat)
    }

    @Test func randomBytesAfterPNGSignatureAreCorrupt() {
        var generator = SeededGenerator(seed: 7)
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        for length in [0, 1, 20, 200, 5000] {
            let bytes = signature + (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(Self.code { try ImageDecoder.decode(Data(bytes)) } == .corrupt, "length \(length)")
        }
    }

    @Test func pngHeaderClaiming65000SquaredIsRefused() {
        let ihdr = Self.bigEndian(65_000) + Self.bigEndian(65_000) + [8, 0, 0, 0, 0]
        let bytes: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Self.chunk("IHDR", ihdr)
            + Self.chunk("IDAT", [0x78, 0x9C])
        #expect(Self.code { try ImageDecoder.decode(Data(bytes)) } == .tooManyPixels)
        // A small header passes the budget and fails on the missing image data instead.
        let small = Self.bigEndian(100) + Self.bigEndian(100) + [8, 0, 0, 0, 0]
        let smallBytes: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Self.chunk("IHDR", small)
            + Self.chunk("IDAT", [0x78, 0x9C])
        #expect(Self.code { try ImageDecoder.decode(Data(smallBytes)) } == .corrupt)
    }

    @Test func jpegHeaderClaiming65000SquaredIsRefused() throws {
        var bytes = [UInt8](try ImageEncoder.jpeg(Self.image))
        let sof = try #require((0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        // SOF0: FFC0, length (2), precision (1), height (2), width (2).
        bytes[sof + 5] = 0xFD
        bytes[sof + 6] = 0xE8
        bytes[sof + 7] = 0xFD
        bytes[sof + 8] = 0xE8
        #expect(Self.code { try ImageDecoder.decode(Data(bytes)) } == .tooManyPixels)
    }

    @Test func netpbmHeaderBudgetAndOverflow() {
        let huge = Data("P5\n100000 100000\n255\n".utf8) + Data(count: 16)
        #expect(Self.code { try ImageDecoder.decode(huge) } == .tooManyPixels)
        let overflowing = Data("P5 549755813888 549755813888 255\n".utf8)
        #expect(Self.code { try ImageDecoder.decode(overflowing) } == .tooManyPixels)
        let absurd = Data("P5 99999999999999999999 1 255\n".utf8)
        #expect(Self.code { try ImageDecoder.decode(absurd) } == .corrupt)
    }

    /// Issue 29, item 15: a PNG header promising 20 000 × 20 000 pixels (allowed by a raised pixel limit) and two
    /// bytes of image data is refused from its length, before an image-sized buffer exists. A file whose data
    /// could hold its pixels still reaches the decoders.
    @Test(arguments: [ImageFormat.png])
    func aShortPNGIsRefusedBeforeItsImageIsAllocated(_ format: ImageFormat) throws {
        let side: [UInt8] = [0, 0, 0x4E, 0x20]  // 20 000
        let header = side + side + [8, 0, 0, 0, 0]
        let file =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Self.chunk("IHDR", header)
            + Self.chunk("IDAT", [0x78, 0x9C])
            + Self.chunk("IEND", [])
        let error = try #require(throws: ImagingError.self) {
            try ImageDecoder.decode(Data(file), pixelLimit: 400_000_000)
        }
        #expect(error.code == .corrupt)
        #expect(error.reason.contains("2 bytes of image data cannot hold 20000×20000 pixels"), "\(error.reason)")
        #expect(Self.code { try ImageDecoder.decode(Data(file)) } == .tooManyPixels)
        let whole = try Self.encoded(Self.image, as: format)
        #expect(try ImageDecoder.decode(whole).width == 64)
    }

    @Test(arguments: [ImageFormat.png, .jpeg, .webp, .netpbm, .bmp])
    func everyFormatRespectsThePixelBudget(_ format: ImageFormat) throws {
        let data = try Self.encoded(Self.image, as: format)
        #expect(Self.code { try ImageDecoder.decode(data, pixelLimit: 64 * 48 - 1) } == .tooManyPixels)
        #expect(try ImageDecoder.decode(data, pixelLimit: 64 * 48).width == 64)
    }

    @Test(arguments: [ImageFormat.png, .jpeg, .webp, .netpbm, .bmp])
    func truncatedFilesAreCorrupt(_ format: ImageFormat) throws {
        let data = try Self.encoded(Self.image, as: format)
        // Cuts inside the image data (a PNG missing only its IEND chunk still holds every pixel).
        for keep in [data.count / 2, data.count - 24, 20] {
            let cut = data.prefix(keep)
            #expect(Self.code { try ImageDecoder.decode(cut) } == .corrupt, "\(format) cut to \(keep) bytes")
        }
    }

    @Test func zeroSizesAndBadMaxvalsAreCorrupt() {
        for header in ["P5 0 10 255\n", "P5 10 0 255\n", "P5 1 1 0\n", "P5 1 1 65536\n", "P2 2 1 255\n7", "P5 1 1\n"] {
            let data = Data(header.utf8) + Data(count: 4)
            #expect(Self.code { try ImageDecoder.decode(data) } == .corrupt, "\(header)")
        }
        #expect(Self.code { try ImageDecoder.decode(Data("P2 1 1 10\n11\n".utf8)) } == .corrupt)
    }

    @Test func mutatedFilesNeverCrash() throws {
        var generator = SeededGenerator(seed: 42)
        for format in [ImageFormat.png, .jpeg, .webp, .netpbm, .bmp] {
            let original = [UInt8](try Self.encoded(Self.image, as: format))
            for _ in 0..<60 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...8, using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
                        in: 0...255, using: &generator)
                }
                if Bool.random(using: &generator) {
                    bytes = Array(bytes.prefix(Int.random(in: 1...bytes.count, using: &generator)))
                }
                do {
                    let decoded = try ImageDecoder.decode(Data(bytes))
                    #expect(decoded.pixels.count == decoded.width * decoded.height)
                } catch {
                    #expect(!error.reason.isEmpty)
                }
            }
        }
    }

    static func encoded(_ image: GrayImage, as format: ImageFormat) throws -> Data {
        switch format {
        case .png: try ImageEncoder.png(image)
        case .jpeg: try ImageEncoder.jpeg(image)
        case .webp: try ImageEncoder.webp(image, lossless: false)
        case .netpbm: ImageEncoder.pgm(image)
        case .bmp: BMPDecoderTests.bmp(image, .bgr24)
        case .gif, .tiff:
            // No encoder of ours writes them: GIFTIFFDecoderTests reads Pillow's files instead.
            throw ImagingError(.invalidOption, "no \(format) encoder here")
        }
    }
}
