import CPNG
import Foundation
import QRAuthTestSupport
import Testing

@testable import QRImaging

/// The direct PNG reader against libpng on files written here chunk by chunk: every filter type on
/// every colour type it reads, IDAT split anywhere, and the files it must hand back to libpng.
@Suite("PNG direct reader")
struct PNGDirectReaderTests {
    /// Bytes per pixel for PNG colour types 0 (grey), 4 (grey + alpha), 2 (RGB), 6 (RGBA).
    static let channels: [UInt8: Int] = [0: 1, 4: 2, 2: 3, 6: 4]

    /// Random samples with long flat runs too, so every Paeth branch and ties are exercised.
    static func samples(width: Int, height: Int, channels: Int, seed: UInt64) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        var out: [UInt8] = []
        for _ in 0..<(width * height * channels) {
            let flat = out.count >= channels && Int.random(in: 0..<4, using: &generator) == 0
            out.append(flat ? out[out.count - channels] : UInt8.random(in: 0...255, using: &generator))
        }
        return out
    }

    /// The textbook Paeth predictor (PNG spec §9.4), written independently of the reader's.
    static func textbookPaeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// Filtered scanlines: each row prefixed with its filter type, `filter(y)`.
    static func filtered(_ raw: [UInt8], rowBytes: Int, bpp: Int, filter: (Int) -> UInt8) -> [UInt8] {
        let height = raw.count / rowBytes
        var out: [UInt8] = []
        for y in 0..<height {
            let type = filter(y)
            out.append(type)
            for i in 0..<rowBytes {
                let x = Int(raw[y * rowBytes + i])
                let a = i >= bpp ? Int(raw[y * rowBytes + i - bpp]) : 0
                let b = y > 0 ? Int(raw[(y - 1) * rowBytes + i]) : 0
                let c = i >= bpp && y > 0 ? Int(raw[(y - 1) * rowBytes + i - bpp]) : 0
                let predictor: Int
                switch type {
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4: predictor = textbookPaeth(a, b, c)
                default: predictor = 0
                }
                out.append(UInt8((x - predictor) & 0xFF))
            }
        }
        return out
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = UInt32(truncatingIfNeeded: body.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func deflate(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = out.withUnsafeMutableBufferPointer { destination in
            bytes.withUnsafeBufferPointer {
                compress2(destination.baseAddress, &size, $0.baseAddress, uLong($0.count), level)
            }
        }
        precondition(status == Z_OK)
        return Array(out.prefix(Int(size)))
    }

    /// A whole PNG: IHDR, `before` chunks, the zlib stream cut into IDATs of `idatSize`, IEND.
    static func png(
        width: Int, height: Int, depth: UInt8 = 8, colourType: UInt8, scanlines: [UInt8],
        before: [[UInt8]] = [], idatSize: Int = 1 << 20, stream given: [UInt8]? = nil
    ) -> [UInt8] {
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [depth, colourType, 0, 0, 0]
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
        for extra in before { file += extra }
        let stream = given ?? deflate(scanlines)
        var offset = 0
        while offset < stream.count {
            let end = min(stream.count, offset + idatSize)
            file += chunk("IDAT", Array(stream[offset..<end]))
            offset = end
        }
        return file + chunk("IEND", [])
    }

    /// Grey values libpng's path must produce for these raw samples (same luma and compositing).
    static func expectedGrey(_ raw: [UInt8], channels: Int) -> [UInt8] {
        stride(from: 0, to: raw.count, by: channels).map { i in
            switch channels {
            case 1: return raw[i]
            case 2: return ImageDecoder.onWhite(raw[i], alpha: raw[i + 1])
            case 3: return ImageDecoder.luma(raw[i], raw[i + 1], raw[i + 2])
            default: return ImageDecoder.onWhite(ImageDecoder.luma(raw[i], raw[i + 1], raw[i + 2]), alpha: raw[i + 3])
            }
        }
    }

    @Test(arguments: [0, 4, 2, 6] as [UInt8], [0, 1, 2, 3, 4, 5] as [UInt8])
    func everyFilterOnEveryColourTypeMatchesLibpng(_ colourType: UInt8, _ filter: UInt8) throws {
        let (width, height) = (37, 23)
        let bpp = try #require(Self.channels[colourType])
        let raw = Self.samples(
            width: width, height: height, channels: bpp, seed: UInt64(colourType) * 10 + UInt64(filter))
        // Filter 5 stands for "a different filter on every row", cycling through all five.
        let scanlines = Self.filtered(raw, rowBytes: width * bpp, bpp: bpp) { y in filter == 5 ? UInt8(y % 5) : filter }
        let file = Self.png(width: width, height: height, colourType: colourType, scanlines: scanlines)
        let direct = try #require(try PNGDirectReader.decode(file, pixelLimit: 1 << 20))
        let libpng = try ImageDecoder.decodePNGWithLibpng(file, pixelLimit: 1 << 20)
        #expect(direct.width == width && direct.height == height)
        #expect(direct.pixels == libpng.pixels)
        #expect(direct.pixels == Self.expectedGrey(raw, channels: bpp))
    }

    @Test func paethMatchesTheTextbookFormForEveryInput() {
        var mismatches = 0
        for a in 0..<256 {
            for b in 0..<256 {
                for c in 0..<256 where PNGDirectReader.paeth(a, b, c) != Self.textbookPaeth(a, b, c) { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test(arguments: [1, 2, 7, 100])
    func dataSplitOverManyIDATChunksAndTextChunksIsRead(_ idatSize: Int) throws {
        let (width, height) = (64, 40)
        let raw = Self.samples(width: width, height: height, channels: 1, seed: 99)
        let scanlines = Self.filtered(raw, rowBytes: width, bpp: 1) { UInt8($0 % 5) }
        let text = Self.chunk("tEXt", Array("Comment\u{0}made here".utf8))
        let physical = Self.chunk("pHYs", Self.bigEndian(2835) + Self.bigEndian(2835) + [1])
        let file = Self.png(
            width: width, height: height, colourType: 0, scanlines: scanlines, before: [text, physical],
            idatSize: idatSize)
        let direct = try #require(try PNGDirectReader.decode(file, pixelLimit: 1 << 20))
        #expect(direct.pixels == raw)
    }

    /// Palette images of every bit depth, with and without transparency, every filter type on some
    /// row: the same grey values as libpng's simplified API (palette colour through our luma,
    /// composited on white through `tRNS`).
    @Test(arguments: [1, 2, 4, 8] as [UInt8], [false, true])
    func paletteImagesMatchLibpng(_ depth: UInt8, _ transparent: Bool) throws {
        let (width, height) = (29, 17)
        var generator = SeededGenerator(seed: UInt64(depth) * 2 + (transparent ? 1 : 0))
        let entries = (1 << Int(depth)) - (depth == 8 ? 56 : 0)  // an 8-bit palette need not be full
        let palette = (0..<(3 * entries)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let indices = (0..<(width * height)).map { _ in Int.random(in: 0..<entries, using: &generator) }
        let rowBytes = (width * Int(depth) + 7) / 8
        var raw = [UInt8](repeating: 0, count: rowBytes * height)
        for y in 0..<height {
            for x in 0..<width {
                let bit = x * Int(depth)
                raw[y * rowBytes + bit / 8] |= UInt8(indices[y * width + x] << (8 - Int(depth) - bit % 8))
            }
        }
        let scanlines = Self.filtered(raw, rowBytes: rowBytes, bpp: 1) { UInt8($0 % 5) }
        var before = [Self.chunk("PLTE", palette)]
        if transparent {
            before.append(
                Self.chunk("tRNS", (0..<(entries / 2)).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        }
        let file = Self.png(
            width: width, height: height, depth: depth, colourType: 3, scanlines: scanlines, before: before)
        let direct = try #require(try PNGDirectReader.decode(file, pixelLimit: 1 << 20))
        let libpng = try ImageDecoder.decodePNGWithLibpng(file, pixelLimit: 1 << 20)
        #expect(direct.width == width && direct.height == height)
        #expect(direct.pixels == libpng.pixels)
    }

    /// Ancillary chunks the simplified API does not apply to 8-bit sRGB output (and `gAMA` at the sRGB
    /// gamma) are passed over: the direct reader reads the file, with libpng's pixels.
    @Test(arguments: ["gAMA-sRGB", "cHRM", "iCCP", "sBIT"])
    func chunksThatLeaveTheSamplesAloneAreRead(_ variant: String) throws {
        let (width, height) = (23, 11)
        let raw = Self.samples(width: width, height: height, channels: 3, seed: 17)
        let chunk: [UInt8]
        switch variant {
        case "gAMA-sRGB": chunk = Self.chunk("gAMA", Self.bigEndian(45_455))
        case "cHRM":
            chunk = Self.chunk(
                "cHRM", [31_270, 32_900, 64_000, 33_000, 30_000, 60_000, 15_000, 6_000].flatMap(Self.bigEndian))
        case "iCCP": chunk = Self.chunk("iCCP", Array("p\u{0}\u{0}".utf8) + Self.deflate([1, 2, 3]))
        default: chunk = Self.chunk("sBIT", [5, 6, 5])
        }
        let scanlines = Self.filtered(raw, rowBytes: width * 3, bpp: 3) { UInt8($0 % 5) }
        let file = Self.png(width: width, height: height, colourType: 2, scanlines: scanlines, before: [chunk])
        let direct = try #require(try PNGDirectReader.decode(file, pixelLimit: 1 << 20), "\(variant)")
        let libpng = try ImageDecoder.decodePNGWithLibpng(file, pixelLimit: 1 << 20)
        #expect(direct.pixels == libpng.pixels, "\(variant)")
        #expect(direct.pixels == Self.expectedGrey(raw, channels: 3), "\(variant)")
    }

    /// Files outside the reader's layouts, or with chunks that change the samples, go to libpng whole.
    @Test(arguments: ["gAMA", "tRNS", "unknown", "16-bit", "palette-index", "palette-late", "no-IEND"])
    func otherFilesAreLeftToLibpng(_ variant: String) throws {
        let (width, height) = (16, 9)
        var raw = Self.samples(width: width, height: height, channels: 1, seed: 5)
        var depth: UInt8 = 8
        var colourType: UInt8 = 0
        var before: [[UInt8]] = []
        switch variant {
        case "gAMA": before = [Self.chunk("gAMA", Self.bigEndian(100_000))]
        case "tRNS": before = [Self.chunk("tRNS", [0, 7])]
        case "unknown": before = [Self.chunk("prVt", [1, 2, 3])]
        case "no-IEND": break
        case "16-bit":
            depth = 16
            raw = raw.flatMap { [$0, $0] }
        case "palette-index":
            // Indices past the 200-entry palette: what that gives is libpng's to say.
            colourType = 3
            raw = raw.map { max($0, 201) }
            before = [Self.chunk("PLTE", (0..<200).flatMap { [UInt8($0), UInt8($0), UInt8($0)] })]
        default:
            // tRNS before PLTE.
            colourType = 3
            before = [
                Self.chunk("tRNS", [9]), Self.chunk("PLTE", (0..<256).flatMap { [UInt8($0), UInt8($0), UInt8($0)] }),
            ]
        }
        let rowBytes = raw.count / height
        let scanlines = Self.filtered(raw, rowBytes: rowBytes, bpp: depth == 16 ? 2 : 1) { _ in 1 }
        var file = Self.png(
            width: width, height: height, depth: depth, colourType: colourType, scanlines: scanlines, before: before)
        if variant == "no-IEND" { file.removeLast(12) }  // libpng reads it; the direct reader wants the whole file
        #expect(try PNGDirectReader.decode(file, pixelLimit: 1 << 20) == nil, "\(variant)")
        if variant == "palette-index" || variant == "palette-late" {
            _ = try? ImageDecoder.decode(Data(file))  // libpng's verdict, whichever it is; never a crash
        } else {
            let image = try ImageDecoder.decode(Data(file))
            #expect(image.width == width && image.height == height, "\(variant)")
        }
    }

    /// Damaged files: the direct reader declines and libpng's typed error is what the caller sees.
    @Test(arguments: ["crc", "filter", "short", "zlib-header", "trailer-cut", "unterminated"])
    func damagedFilesAreDeclinedAndLibpngReportsThem(_ damage: String) throws {
        let (width, height) = (20, 12)
        let raw = Self.samples(width: width, height: height, channels: 1, seed: 11)
        var scanlines = Self.filtered(raw, rowBytes: width, bpp: 1) { _ in 4 }
        if damage == "filter" { scanlines[(width + 1) * 5] = 7 }
        if damage == "short" { scanlines.removeLast(width + 1) }
        // Both found by the FuzzPNGDirect target: every row is there, but libpng refuses the file
        // when the Adler-32 trailer is cut short or the deflate stream never ends.
        var stream = Self.deflate(scanlines, level: damage == "unterminated" ? 0 : 6)
        if damage == "trailer-cut" { stream.removeLast(2) }
        if damage == "unterminated" { stream[2] &= 0xFE }  // the stored block's BFINAL bit
        var file = Self.png(width: width, height: height, colourType: 0, scanlines: scanlines, stream: stream)
        let idat = try #require(Self.find("IDAT", in: file))
        switch damage {
        case "crc": file[idat + 8 + 5] ^= 0x40
        case "zlib-header":
            // A preset-dictionary flag: valid checksum bits, but not something PNG allows.
            file[idat + 9] = 0x20 | (31 - UInt8((UInt16(file[idat + 8]) << 8 | 0x20) % 31))
            let length = Int(
                UInt32(file[idat]) << 24 | UInt32(file[idat + 1]) << 16 | UInt32(file[idat + 2]) << 8
                    | UInt32(file[idat + 3]))
            let crc = Self.chunk("IDAT", Array(file[(idat + 8)..<(idat + 8 + length)])).suffix(4)
            file.replaceSubrange((idat + 8 + length)..<(idat + 12 + length), with: crc)
        default: break
        }
        #expect(try PNGDirectReader.decode(file, pixelLimit: 1 << 20) == nil, "\(damage)")
        #expect(throws: ImagingError.self, "\(damage)") { try ImageDecoder.decode(Data(file)) }
    }

    @Test func pixelBudgetIsCheckedFromTheHeaderBeforeInflating() throws {
        let scanlines = [UInt8](repeating: 0, count: 3 * 11)
        let file = Self.png(width: 10, height: 3, colourType: 0, scanlines: scanlines)
        #expect(try PNGDirectReader.decode(file, pixelLimit: 1 << 20) != nil)
        let error = try #require(throws: ImagingError.self) { try PNGDirectReader.decode(file, pixelLimit: 29) }
        #expect(error.code == .tooManyPixels)
    }

    /// Found by FuzzPNGDirect when libdeflate inflated the image data (2026-11-24): a deflate stream
    /// whose code-length repeat is invalid for zlib ("invalid bit length repeat", so libpng refuses
    /// the file) was inflated by libdeflate 1.14, and the direct reader decoded a file libpng refuses.
    /// Inflating stays with zlib; the direct reader declines and the caller gets libpng's error.
    @Test func aStreamZlibRefusesIsRefused() throws {
        let file = try #require(
            Data(
                base64Encoded:
                    "iVBORw0KGgoAAAANSUhEUgAAADEAAAABCAYAAAD/8Di8AAAARUlEQVR4nAXBsQ2CAAAAwXhhARNaY2lv7RxWzERvoUs4gw0zuAMJA/DcSOglInCP96BFSURBVHicBcFADYIAAADBM2EBE1pjaW/tHFbMAAAARUlEQVQACwAAAP////8BAAAABwgCAAAA//A4vAAAAEVADYIAAADBM2EBE1pjaW/tHFbMRH/+SziDDTO4AwkD8Nyx6CUicI/3oPsA0v9PAAAAAElFTkSuMDCC"
            ))
        #expect(try PNGDirectReader.decode([UInt8](file), pixelLimit: 1 << 20) == nil)
        let error = try #require(throws: ImagingError.self) { try ImageDecoder.decode(file) }
        #expect(error.code == .corrupt)
    }

    /// Issue 29, item 10: a zlib header declaring a window under 32 KiB (here 256 bytes) over a stream that
    /// reaches further back. zlib, inside libpng, keeps only the declared window between its calls (one per
    /// row), so libpng refuses the file ("invalid distance too far back"); the direct reader must not decode
    /// it, and declines it for libpng to decide. A stream that stays within its window is read directly, as
    /// libpng reads it.
    @Test(arguments: [(600, true), (100, false)])
    func aStreamReachingPastItsDeclaredWindowGetsLibpngsVerdict(width: Int, reachesPastWindow: Bool) throws {
        let height = 4
        let row: [UInt8] = Self.samples(width: width, height: 1, channels: 1, seed: 29)
        var scanlines: [UInt8] = []
        for _ in 0..<height { scanlines += [0] + row }  // identical rows: matches at distance width + 1
        var stream = Self.deflate(scanlines, level: 9)
        stream[0] = 0x08  // CINFO 0: a 256-byte window
        stream[1] = 0xDA & 0xE0
        stream[1] |= 31 - UInt8((UInt16(stream[0]) << 8 | UInt16(stream[1])) % 31)
        let file = Self.png(width: width, height: height, colourType: 0, scanlines: scanlines, stream: stream)
        let direct = try PNGDirectReader.decode(file, pixelLimit: 1 << 20)
        #expect((direct == nil) == reachesPastWindow)
        if reachesPastWindow {
            let error = try #require(throws: ImagingError.self) { try ImageDecoder.decode(Data(file)) }
            #expect(error.code == .corrupt, "\(error)")
        } else {
            let image = try ImageDecoder.decode(Data(file))
            let expected: [UInt8] = Array(repeating: row, count: height).flatMap { $0 }
            #expect(image.pixels == expected)
            #expect(direct?.pixels == expected)
            #expect(try ImageDecoder.decodePNGWithLibpng(file, pixelLimit: 1 << 20).pixels == expected)
        }
    }

    /// Inflated data past the image's rows is dropped up to 64 KiB (libpng reads such a file too);
    /// beyond that the direct reader declines and libpng decides.
    @Test(arguments: [0, 3 * 61, 1 << 16, (1 << 16) + (1 << 17)])
    func dataPastTheImageIsDroppedUpToTheSlack(_ extra: Int) throws {
        let (width, height) = (60, 8)
        let raw = Self.samples(width: width, height: height, channels: 3, seed: 5)
        let scanlines = Self.filtered(raw, rowBytes: width * 3, bpp: 3) { UInt8($0 % 5) }
        let file = Self.png(
            width: width, height: height, colourType: 2, scanlines: scanlines + [UInt8](repeating: 0, count: extra))
        let direct = try PNGDirectReader.decode(file, pixelLimit: 1 << 20)
        if extra <= 1 << 16 {
            let image = try #require(direct)
            #expect(image.pixels == Self.expectedGrey(raw, channels: 3))
            #expect(image == (try ImageDecoder.decodePNGWithLibpng(file, pixelLimit: 1 << 20)))
        } else {
            #expect(direct == nil)
        }
    }

    /// The fixture photos (RGB, RGBA with `iCCP`, palette images of 1 and 2 bits, files with `gAMA`,
    /// `cHRM`, `bKGD`): whatever the direct reader reads, it reads as libpng does.
    @Test func fixturePhotosReadAsLibpngReadsThem() throws {
        let fixtures = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        let folder = fixtures.appendingPathComponent("photos")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }
        var direct = 0
        for name in names.sorted() {
            let file = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            guard let image = try PNGDirectReader.decode(file, pixelLimit: 1 << 24) else { continue }
            direct += 1
            #expect(image == (try ImageDecoder.decodePNGWithLibpng(file, pixelLimit: 1 << 24)), "\(name)")
        }
        #expect(direct == names.count)
    }

    /// Offset of the first chunk of `type` (its length field).
    static func find(_ type: String, in file: [UInt8]) -> Int? {
        var offset = 8
        while offset + 8 <= file.count {
            let length = Int(
                UInt32(file[offset]) << 24 | UInt32(file[offset + 1]) << 16 | UInt32(file[offset + 2]) << 8
                    | UInt32(file[offset + 3]))
            if String(decoding: file[(offset + 4)..<(offset + 8)], as: UTF8.self) == type { return offset }
            offset += 12 + length
        }
        return nil
    }
}
