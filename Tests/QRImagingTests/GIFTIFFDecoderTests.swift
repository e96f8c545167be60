import Foundation
import QRAuthTestSupport
import QRImaging
import Synchronization
import Testing

/// GIF (giflib) and TIFF (libtiff) files written by Pillow (`scripts/make-gif-tiff-fixtures.py`): the pixels come
/// back exact, and damaged or oversized files give typed errors.
@Suite("GIF and TIFF decoding")
struct GIFTIFFDecoderTests {
    static let ramp = ForeignImageTests.ramp

    static func load(_ name: String) throws -> Data { try ForeignImageTests.load(name) }

    static func ramp(width: Int, height: Int) -> GrayImage {
        GrayImage(
            width: width, height: height,
            pixels: (0..<height).flatMap { y in (0..<width).map { x in UInt8((x * 31 + y * 17) % 256) } })
    }

    @Test(arguments: [
        ("pillow-gray.gif", ImageFormat.gif), ("pillow-animated.gif", .gif), ("pillow-gray.tif", .tiff),
        ("pillow-rgb-lzw.tif", .tiff), ("pillow-rgba-deflate.tif", .tiff), ("pillow-rgb-packbits.tif", .tiff),
    ])
    func decodesTheRampExactly(_ name: String, format: ImageFormat) throws {
        let decoded = try ImageDecoder.decodeWithFormat(Self.load(name))
        #expect(decoded.format == format)
        #expect(decoded.image == Self.ramp, "\(name)")
    }

    @Test func interlacedRowsArePutInPlace() throws {
        let bytes = try Self.load("pillow-interlaced.gif")
        // The image descriptor's flags (after the 13-byte header and a 256-colour global table) say interlaced.
        #expect(bytes[13 + 768 + 9] & 0x40 != 0)
        #expect(try ImageDecoder.decode(bytes) == Self.ramp(width: 24, height: 20))
    }

    @Test func theTransparentColourIsWhite() throws {
        var expected = Self.ramp
        expected[0, 0] = 255
        #expect(try ImageDecoder.decode(Self.load("pillow-transparent.gif")) == expected)
        // Without the transparency, pixel (0, 0) is black: the difference is the extension's doing.
        #expect(try ImageDecoder.decode(Self.load("pillow-gray.gif"))[0, 0] == 0)
    }

    @Test(arguments: ["pillow-qr.gif", "pillow-qr-g4.tif"])
    func aQRCodeIsRead(_ name: String) throws {
        let symbols = try QRScanner().scan(try ImageDecoder.decode(Self.load(name)))
        #expect(symbols.map(\.bytes) == [Data("Grüße aus Köln, 東京".utf8)], "\(name)")
    }

    @Test(arguments: ["pillow-gray.gif", "pillow-gray.tif", "pillow-rgb-lzw.tif"])
    func thePixelBudgetIsChecked(_ name: String) throws {
        let data = try Self.load(name)
        let error = try #require(throws: ImagingError.self) { try ImageDecoder.decode(data, pixelLimit: 47) }
        #expect(error.code == .tooManyPixels)
        #expect(error.reason.contains("8 × 6"), "\(error.reason)")
        #expect(try ImageDecoder.decode(data, pixelLimit: 48).width == 8)
    }

    @Test func aGIFFrameClaiming65535SquaredIsRefusedBeforeAllocation() throws {
        var bytes = [UInt8](try Self.load("pillow-gray.gif"))
        let descriptor = try #require(bytes.firstIndex(of: 0x2C))
        bytes.replaceSubrange((descriptor + 5)..<(descriptor + 9), with: [0xFF, 0xFF, 0xFF, 0xFF])
        let error = try #require(throws: ImagingError.self) { try ImageDecoder.decode(Data(bytes)) }
        #expect(error.code == .tooManyPixels)
    }

    /// 1000 × 1000 is within the pixel budget but not within what 276 bytes of LZW can hold (at most 4096
    /// pixels a 12-bit code): refused as corrupt before the admission hook hears of an allocation.
    @Test func aGIFFrameLargerThanItsFileCanHoldIsRefusedBeforeAllocation() throws {
        var bytes = [UInt8](try Self.load("pillow-gray.gif"))
        let descriptor = try #require(bytes.firstIndex(of: 0x2C))
        bytes.replaceSubrange((descriptor + 5)..<(descriptor + 9), with: [0xE8, 0x03, 0xE8, 0x03])
        let admitted = Mutex<[ImageAllocation]>([])
        let error = try #require(throws: ImagingError.self) {
            try ImageDecoder.decode(Data(bytes), admit: { allocation in admitted.withLock { $0.append(allocation) } })
        }
        #expect(error.code == .corrupt)
        #expect(error.reason.contains("1000 × 1000") && error.reason.contains("276-byte"), "\(error.reason)")
        #expect(admitted.withLock { $0 }.isEmpty)
    }

    /// The bound leaves room for real encoders: Pillow's one-colour 1500 × 1500 frame (780 pixels a byte) decodes.
    @Test func aHighlyCompressedGIFIsWithinTheBound() throws {
        let image = try ImageDecoder.decode(Self.load("pillow-white-1500.gif"))
        #expect(image.width == 1500 && image.height == 1500)
        #expect(image[749, 749] == 255)
    }

    @Test(arguments: [
        "pillow-gray.gif", "pillow-interlaced.gif", "pillow-gray.tif", "pillow-rgb-lzw.tif",
        "pillow-rgba-deflate.tif",
    ])
    func truncatedFilesAreCorrupt(_ name: String) throws {
        let data = try Self.load(name)
        for keep in [data.count / 2, 20, 9] {
            let error = try #require(throws: ImagingError.self, "\(name) cut to \(keep)") {
                try ImageDecoder.decode(data.prefix(keep))
            }
            #expect(error.code == .corrupt, "\(name) cut to \(keep): \(error.reason)")
            #expect(!error.reason.contains("\n"))
        }
    }

    @Test func headersWithoutAnImageAreCorrupt() {
        for bytes in [
            Array("GIF89a".utf8), Array("GIF89a".utf8) + [8, 0, 6, 0, 0, 0, 0, 0x3B], [0x49, 0x49, 0x2A, 0],
        ] {
            let error = #expect(throws: ImagingError.self) { try ImageDecoder.decode(Data(bytes)) }
            #expect(error?.code == .corrupt, "\(bytes): \(error?.reason ?? "")")
        }
    }

    @Test func mutatedFilesNeverCrash() throws {
        var generator = SeededGenerator(seed: 31)
        for name in [
            "pillow-gray.gif", "pillow-interlaced.gif", "pillow-transparent.gif", "pillow-rgb-lzw.tif",
            "pillow-rgba-deflate.tif", "pillow-qr-g4.tif",
        ] {
            let original = [UInt8](try Self.load(name))
            for _ in 0..<150 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...8, using: &generator) {
                    // Keep the signature so the mutation reaches the decoder.
                    bytes[Int.random(in: 6..<bytes.count, using: &generator)] = UInt8.random(
                        in: 0...255, using: &generator)
                }
                if Bool.random(using: &generator) {
                    bytes = Array(bytes.prefix(Int.random(in: 6...bytes.count, using: &generator)))
                }
                do {
                    let decoded = try ImageDecoder.decode(Data(bytes), pixelLimit: 1_000_000)
                    #expect(decoded.pixels.count == decoded.width * decoded.height)
                } catch {
                    #expect(!error.reason.isEmpty)
                    #expect([.corrupt, .unsupportedFormat, .tooManyPixels].contains(error.code), "\(error.reason)")
                }
            }
        }
    }
}
