import Foundation
import Glibc
import Testing

@testable import QRImaging

/// The QR text path: symbol layout tables, Reed–Solomon correction, the bit-stream parser, the
/// charset rules, and codes made by independent encoders (segno, qrencode) read end to end.
@Suite("QR text and segments")
struct QRTextTests {
    /// Writes bits most significant first, for hand-made bit streams.
    struct BitWriter {
        var bits: [Bool] = []
        mutating func write(_ value: Int, _ count: Int) {
            for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) }
        }
        var bytes: [UInt8] {
            stride(from: 0, to: bits.count, by: 8).map { start in
                (0..<8).reduce(0) { byte, offset in
                    start + offset < bits.count && bits[start + offset] ? byte | 0x80 >> UInt8(offset) : byte
                }
            }
        }
    }

    @Test func layoutTablesGiveTheByteCapacities() throws {
        // The byte-mode capacity (ISO/IEC 18004 Table 7) follows from the data codewords of Table 9.
        for version in 1...40 {
            let layout = try #require(QRSymbolLayout(version: version))
            for level in QRErrorCorrection.allCases {
                let countBits = version < 10 ? 8 : 16
                let capacity = (layout.dataCodewords(level: level) * 8 - 4 - countBits) / 8
                #expect(capacity == QRCapacity.byteCapacity[version - 1][level.tableIndex], "v\(version) \(level)")
            }
            // Every codeword bit has a module; at most 7 remainder bits are left over.
            let spare = layout.dataModuleOrder().count - layout.totalCodewords * 8
            #expect((0...7).contains(spare), "v\(version) remainder \(spare)")
        }
    }

    @Test func alignmentCentresMatchAnnexE() throws {
        #expect(try #require(QRSymbolLayout(version: 2)).alignmentCentres == [6, 18])
        #expect(try #require(QRSymbolLayout(version: 7)).alignmentCentres == [6, 22, 38])
        #expect(try #require(QRSymbolLayout(version: 32)).alignmentCentres == [6, 34, 60, 86, 112, 138])
        #expect(try #require(QRSymbolLayout(version: 40)).alignmentCentres == [6, 30, 58, 86, 114, 142, 170])
    }

    /// A systematic Reed–Solomon codeword: `data` followed by the remainder of data·x^ecc divided by
    /// the generator (x − α⁰)…(x − α^(ecc−1)).
    static func encode(_ data: [UInt8], ecc: Int) -> [UInt8] {
        var generator: [UInt8] = [1]
        for index in 0..<ecc {
            var next = [UInt8](repeating: 0, count: generator.count + 1)
            for (position, coefficient) in generator.enumerated() {
                next[position] ^= coefficient
                next[position + 1] ^= ReedSolomonDecoder.multiply(coefficient, ReedSolomonDecoder.power(index))
            }
            generator = next
        }
        var remainder = data + [UInt8](repeating: 0, count: ecc)
        for index in 0..<data.count where remainder[index] != 0 {
            let factor = remainder[index]
            for (position, coefficient) in generator.enumerated() {
                remainder[index + position] ^= ReedSolomonDecoder.multiply(factor, coefficient)
            }
        }
        return data + remainder[data.count...]
    }

    @Test(arguments: [(19, 7), (16, 10), (43, 22), (122, 30)])
    func reedSolomonCorrectsUpToHalfTheECC(data count: Int, ecc: Int) {
        var generator = SystemRandomNumberGenerator()
        for errors in 0...(ecc / 2) {
            let data = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let clean = Self.encode(data, ecc: ecc)
            #expect(ReedSolomonDecoder.syndromes(of: clean, eccCount: ecc).allSatisfy { $0 == 0 })
            var damaged = clean
            for position in Array(0..<clean.count).shuffled(using: &generator).prefix(errors) {
                damaged[position] ^= UInt8.random(in: 1...255, using: &generator)
            }
            #expect(ReedSolomonDecoder.correct(&damaged, eccCount: ecc))
            #expect(damaged == clean, "\(errors) errors")
        }
    }

    @Test func reedSolomonRefusesTooManyErrorsRatherThanMiscorrectingMost() {
        var generator = SystemRandomNumberGenerator()
        var refused = 0
        for _ in 0..<50 {
            let clean = Self.encode((0..<40).map { _ in UInt8.random(in: 0...255, using: &generator) }, ecc: 16)
            var damaged = clean
            for position in Array(0..<clean.count).shuffled(using: &generator).prefix(12) { damaged[position] ^= 0x5A }
            if !ReedSolomonDecoder.correct(&damaged, eccCount: 16) { refused += 1 } else { #expect(damaged != clean) }
        }
        #expect(refused >= 45)
    }

    @Test func parsesEveryModeWithECIAndKanji() throws {
        var writer = BitWriter()
        writer.write(0b0001, 4)  // numeric, 8 digits
        writer.write(8, 10)
        writer.write(12, 10)
        writer.write(345, 10)
        writer.write(67, 7)
        writer.write(0b0010, 4)  // alphanumeric "AC-4" (ISO/IEC 18004 §7.4.4 example values)
        writer.write(4, 9)
        writer.write(45 * 10 + 12, 11)
        writer.write(45 * 41 + 4, 11)
        writer.write(0b0111, 4)  // ECI 000004 (ISO-8859-2), one byte
        writer.write(4, 8)
        writer.write(0b0100, 4)  // byte mode: "Ż" in ISO-8859-2
        writer.write(1, 8)
        writer.write(0xAF, 8)
        writer.write(0b0111, 4)  // ECI 000899 in two bytes
        writer.write(0x8000 | 899, 16)
        writer.write(0b1000, 4)  // Kanji "点茗" (§7.4.6 example values 0xD9F, 0x1AAA)
        writer.write(2, 8)
        writer.write(0xD9F, 13)
        writer.write(0x1AAA, 13)
        writer.write(0, 4)
        let segments = try #require(QRBitstream.segments(writer.bytes, version: 1))
        #expect(
            segments == [
                QRSegment(mode: .numeric, bytes: Data("01234567".utf8), eci: nil),
                QRSegment(mode: .alphanumeric, bytes: Data("AC-4".utf8), eci: nil),
                QRSegment(mode: .byte, bytes: Data([0xAF]), eci: 4),
                QRSegment(mode: .kanji, bytes: Data([0x93, 0x5F, 0xE4, 0xAA]), eci: 899),
            ])
    }

    @Test func characterSegmentsAreTheStreamsWithNothingElse() throws {
        var plain = BitWriter()
        plain.write(0b0001, 4)  // numeric "42"
        plain.write(2, 10)
        plain.write(42, 7)
        plain.write(0b0100, 4)  // byte "A"
        plain.write(1, 8)
        plain.write(0x41, 8)
        plain.write(0, 4)
        let segments = try #require(QRBitstream.segments(plain.bytes, version: 1))
        #expect(QRBitstream.characterSegments(plain.bytes, version: 1) == segments)
        // The same segments after an ECI designator, a structured append header or an FNC1 indicator.
        for (indicator, field, bits) in [(0b0111, 26, 8), (0b0011, 0x1234, 16), (0b0101, 0, 0), (0b1001, 0x41, 8)] {
            var writer = BitWriter()
            writer.write(indicator, 4)
            if bits > 0 { writer.write(field, bits) }
            writer.write(0b0100, 4)
            writer.write(1, 8)
            writer.write(0x41, 8)
            writer.write(0, 4)
            #expect(QRBitstream.segments(writer.bytes, version: 1) != nil, "indicator \(indicator)")
            #expect(QRBitstream.characterSegments(writer.bytes, version: 1) == nil, "indicator \(indicator)")
        }
    }

    @Test func countFieldsWidenWithTheVersion() throws {
        var writer = BitWriter()
        writer.write(0b0100, 4)
        writer.write(2, 16)  // versions 10–40: 16-bit byte count
        writer.write(0x4142, 16)
        let segments = try #require(QRBitstream.segments(writer.bytes + [0], version: 10))
        #expect(segments == [QRSegment(mode: .byte, bytes: Data("AB".utf8), eci: nil)])
    }

    @Test(
        arguments: [[0b0110_0000], [0b0100_0101, 0x00], [0b0001_0000, 0b0011_1111, 0xFF], [0b0111_1110, 0]] as [[UInt8]]
    )
    func malformedStreamsGiveNil(_ bytes: [UInt8]) {
        // Mode 0110 does not exist; a byte count past the end; a 3-digit group of value > 999; a 4-byte ECI.
        #expect(QRBitstream.segments(bytes, version: 1) == nil)
    }

    @Test func charsetRules() {
        func use(_ charset: String, _ source: QRCharsetSource) -> QRCharsetUse {
            QRCharsetUse(charset: charset, source: source)
        }
        let latin1 = Self.latin1("Crème brûlée")
        #expect(QRTextDecoder.decode(bytes: latin1).text == "Crème brûlée")
        #expect(QRTextDecoder.decode(bytes: latin1).charsets == [use("ISO-8859-1", .guessed)])
        let sjis = Data([0x93, 0x8C, 0x8B, 0x9E])  // 東京 in Shift JIS
        #expect(QRTextDecoder.decode(bytes: sjis).text == "東京")
        #expect(QRTextDecoder.decode(bytes: sjis).charsets == [use("Shift_JIS", .guessed)])
        #expect(QRTextDecoder.decode(bytes: Data("Žluť".utf8)).charsets == [use("UTF-8", .guessed)])
        // Bytes with control characters that are neither UTF-8 nor Shift JIS are binary.
        #expect(QRTextDecoder.decode(bytes: Data([0x00, 0x41, 0xFF, 0x1B])).text == nil)
        // An ECI run in its charset; a run after it under another; Kanji as Shift JIS.
        let mixed = QRTextDecoder.decode([
            QRSegment(mode: .byte, bytes: Data([0xC1, 0xE2]), eci: 7),
            QRSegment(mode: .numeric, bytes: Data("42".utf8), eci: 7),
            QRSegment(mode: .byte, bytes: Data([0x00, 0x41, 0x26, 0x3A]), eci: 25),
            QRSegment(mode: .kanji, bytes: Data([0x93, 0x5F]), eci: 25),
        ])
        #expect(mixed.text == "Ст42A☺点")
        #expect(mixed.charsets == [use("ISO-8859-5", .eci), use("UTF-16BE", .eci), use("Shift_JIS", .kanjiMode)])
        // Bytes not valid in the named charset: no text. ECI 899 is binary.
        #expect(QRTextDecoder.decode([QRSegment(mode: .byte, bytes: Data([0xC3]), eci: 26)]).text == nil)
        #expect(QRTextDecoder.decode([QRSegment(mode: .byte, bytes: Data("a".utf8), eci: 899)]).text == nil)
    }

    @Test func everyZXingECIHasACharsetIconvKnows() {
        let designators = [0, 1, 2] + Array(3...13) + Array(15...18) + Array(20...30) + [32, 33, 34, 35, 170]
        for eci in designators {
            let charset = QRTextDecoder.eciCharsets[eci]
            #expect(charset != nil, "ECI \(eci)")
            guard let charset else { continue }
            let handle = iconv_open("UTF-8", charset.iconvName)
            #expect(handle != iconv_t(bitPattern: -1), "iconv lacks \(charset.iconvName)")
            if handle != iconv_t(bitPattern: -1) { iconv_close(handle) }
        }
    }

    /// One fixture of Fixtures/charsets (see scripts/make-charset-fixtures.py).
    struct CharsetFixture: Sendable, CustomTestStringConvertible {
        let file: String
        let text: String
        let charsets: [QRCharsetUse]
        var testDescription: String { file }
    }

    static func charsetFixtures() throws -> [CharsetFixture] {
        return try FixtureManifest("charsets", columns: 3).rows.map { fields in
            let text = String(decoding: try RealPhotoTests.hexBytes(fields[1]), as: UTF8.self)
            let charsets = try fields[2].split(separator: ",").map { pair in
                let parts = pair.split(separator: ":").map(String.init)
                return QRCharsetUse(charset: parts[0], source: try #require(QRCharsetSource(rawValue: parts[1])))
            }
            return CharsetFixture(file: fields[0], text: text, charsets: charsets)
        }
    }

    @Test(arguments: try charsetFixtures())
    func independentEncodersCodesGiveTheirText(_ fixture: CharsetFixture) throws {
        let image = try FixtureManifest.image("charsets", fixture.file)
        let symbol = try #require(try QRScanner().scan(image).first)
        #expect(symbol.segments != nil, "segments read back")
        #expect(symbol.text == fixture.text)
        #expect(symbol.charsets == fixture.charsets)
    }

    /// `text` as ISO-8859-1 bytes (every scalar below 256).
    static func latin1(_ text: String) -> Data { Data(text.unicodeScalars.map { UInt8($0.value) }) }

    @Test(
        arguments: [
            (3, QRErrorCorrection.low, UInt32(3)), (60, .high, 26), (200, .medium, 3), (700, .quartile, 26),
        ])
    func segmentsAreReadBackAcrossVersionsAndLevels(length: Int, level: QRErrorCorrection, eci: UInt32) throws {
        // Versions 1 to 25: one to many blocks, with and without version information.
        let sentence = eci == 26 ? "Příliš žluťoučký kůň úpěl ďábelské ódy. " : "Crème brûlée à la française, señor. "
        let text = String(String(repeating: sentence, count: length / 30 + 1).prefix(length))
        let bytes = eci == 26 ? Data(text.utf8) : Self.latin1(text)
        let matrix = try QRCodeGenerator.encode(bytes, options: QRCodeOptions(errorCorrection: level, eci: eci))
        let symbol = try #require(try QRScanner().scan(matrix.rasterize(scale: 3)).first)
        #expect(symbol.segments == [QRSegment(mode: .byte, bytes: bytes, eci: Int(eci))], "v\(matrix.version)")
        #expect(symbol.charsets == [QRCharsetUse(charset: eci == 26 ? "UTF-8" : "ISO-8859-1", source: .eci)])
        #expect(symbol.text == text)
    }

    @Test(arguments: [2, 9, 23])
    func timingScoreCutShortKeepsEveryCandidate(version: Int) throws {
        // Every frame (the 8 corner orders) and version of a code whose corners are a little off,
        // scored in full and with the cut: a pair the full score admits keeps its exact score, a
        // pair it rejects is still rejected.
        let matrix = try QRCodeGenerator.encode(
            Data("timing \(version)".utf8), options: QRCodeOptions(errorCorrection: .medium, version: version))
        let image = matrix.rasterize(scale: 3)
        let low = 12.0, high = Double(12 + 3 * matrix.size)
        let corners = [
            ImagePoint(x: low + 1.2, y: low - 0.8), ImagePoint(x: high - 0.6, y: low + 1.1),
            ImagePoint(x: high + 0.9, y: high - 1.3), ImagePoint(x: low - 1.0, y: high + 0.4),
        ]
        let sampler = QRSegmentReader.Sampler(
            image: image, threshold: QRSegmentReader.threshold(in: image, corners: corners), lightOnDark: false)
        let minimum = QRSegmentReader.minimumTimingScore
        let frames = QRSegmentReader.frames(corners)
        #expect(frames.count == 8)
        for (index, frame) in frames.enumerated() {
            for candidate in 1...40 {
                let size = 17 + 4 * candidate
                let full = QRSegmentReader.timingScore(image, frame: frame, size: size, threshold: sampler)
                let cut = QRSegmentReader.timingScore(
                    image, frame: frame, size: size, threshold: sampler, minimum: minimum)
                if full >= minimum {
                    #expect(cut == full, "v\(candidate) frame \(index)")
                } else {
                    #expect(cut < minimum, "v\(candidate) frame \(index)")
                }
            }
        }
        // The true version in its true orientation (the corners as given: frame 0) is admitted, so the loop above
        // compared the two counts on at least the guess that is then read in full.
        let trueSize = 17 + 4 * version
        #expect(QRSegmentReader.timingScore(image, frame: frames[0], size: trueSize, threshold: sampler) >= minimum)
    }

    @Test(arguments: [1, 2, 6, 7, 10, 14, 21, 22, 27, 28, 33, 40])
    func readerReadsEveryLayoutThroughExactCorners(version: Int) throws {
        let level: QRErrorCorrection = version % 2 == 0 ? .low : .quartile
        let count = QRCapacity.bytes(version: version, level: level, eci: 3)
        let bytes = Data((0..<count).map { UInt8(0x41 + $0 % 26) })
        let matrix = try QRCodeGenerator.encode(
            bytes, options: QRCodeOptions(errorCorrection: level, version: version, eci: 3))
        #expect(matrix.version == version)
        let image = matrix.rasterize(scale: 2)
        let low = 8.0
        let high = Double(8 + 2 * matrix.size)
        let corners = [
            ImagePoint(x: low, y: low), ImagePoint(x: high, y: low), ImagePoint(x: high, y: high),
            ImagePoint(x: low, y: high),
        ]
        let segments = QRSegmentReader.segments(in: image, corners: corners, payload: bytes)
        #expect(segments == [QRSegment(mode: .byte, bytes: bytes, eci: 3)], "v\(version)")
    }
}
