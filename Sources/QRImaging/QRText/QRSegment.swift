public import struct FoundationEssentials.Data

/// One segment of a QR Code's data: its mode, its characters as bytes and the ECI designator in
/// force (ISO/IEC 18004:2015 §7.4). Numeric and alphanumeric characters are given as ASCII, byte
/// mode as its bytes, Kanji mode as the Shift JIS byte pairs its 13-bit values stand for.
public struct QRSegment: Sendable, Equatable {
    /// The encoding mode of a segment.
    public enum Mode: String, Sendable {
        case numeric, alphanumeric, byte, kanji
    }

    public let mode: Mode
    public let bytes: Data
    /// The ECI designator that applies (the last one before the segment), or nil when none does.
    public let eci: Int?

    public init(mode: Mode, bytes: Data, eci: Int?) {
        self.mode = mode
        self.bytes = bytes
        self.eci = eci
    }
}

extension Collection<QRSegment> {
    /// The segments' bytes one after the other: a symbol's payload, or a run's bytes.
    var payload: Data { reduce(into: Data()) { $0.append($1.bytes) } }
}

/// Reads the segments out of a QR Code's corrected data codewords (ISO/IEC 18004:2015 §7.4).
enum QRBitstream {
    /// The 45 characters of alphanumeric mode, by value.
    static let alphanumeric = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".utf8)

    /// The segments of `codewords` for a symbol of `version`, or nil when the bit stream is malformed
    /// (an unknown or unsupported mode, a count running past the end, an invalid character value).
    /// `model1`: the stream of a model 1 symbol, which starts with four 0 bits and has no ECI (zxing-cpp
    /// core/src/qrcode/QRDecoder.cpp); its character counts are as long as model 2's.
    static func segments(_ codewords: [UInt8], version: Int, model1: Bool = false) -> [QRSegment]? {
        stream(codewords, version: version, model1: model1)?.segments
    }

    /// The segments of `codewords` when its bit stream holds nothing but segments in the four character
    /// modes: no ECI designator, structured append header or FNC1 indicator, which readers treat each in
    /// their own way (ZBar converts some ECI charsets to UTF-8 and FNC1 `%` to GS). Such a stream's
    /// payload is its segments' bytes one after the other, in ZBar's binary mode and here alike.
    static func characterSegments(_ codewords: [UInt8], version: Int) -> [QRSegment]? {
        guard let stream = stream(codewords, version: version, model1: false), stream.charactersOnly else { return nil }
        return stream.segments
    }

    /// The segments of `codewords` (`segments`), and whether the stream held nothing else (`characterSegments`).
    private static func stream(
        _ codewords: [UInt8], version: Int, model1: Bool
    ) -> (segments: [QRSegment], charactersOnly: Bool)? {
        var reader = BitReader(bytes: codewords)
        var segments: [QRSegment] = []
        var eci: Int?
        var charactersOnly = true
        if model1 { guard reader.read(4) != nil else { return nil } }
        // Character count bits by version range 1–9, 10–26, 27–40 (§7.4.1, Table 3).
        let range = version <= 9 ? 0 : version <= 26 ? 1 : 2
        while reader.remaining >= 4 {
            guard let indicator = reader.read(4) else { return nil }
            switch indicator {
            case 0b0000:
                return (segments, charactersOnly)
            case 0b0111:
                guard !model1, let designator = readECIDesignator(&reader) else { return nil }
                eci = designator
                charactersOnly = false
            case 0b0011:
                // Structured append: symbol position and count (8 bits), parity (8 bits).
                guard reader.read(16) != nil else { return nil }
                charactersOnly = false
            case 0b0101:
                charactersOnly = false
            case 0b1001:
                // FNC1 in the second position: the application indicator.
                guard reader.read(8) != nil else { return nil }
                charactersOnly = false
            case 0b0001:
                guard let count = reader.read([10, 12, 14][range]), let digits = readNumeric(&reader, count: count)
                else { return nil }
                segments.append(QRSegment(mode: .numeric, bytes: digits, eci: eci))
            case 0b0010:
                guard let count = reader.read([9, 11, 13][range]), let text = readAlphanumeric(&reader, count: count)
                else { return nil }
                segments.append(QRSegment(mode: .alphanumeric, bytes: text, eci: eci))
            case 0b0100:
                guard let count = reader.read([8, 16, 16][range]), reader.remaining >= count * 8 else { return nil }
                var bytes = Data(capacity: count)
                for _ in 0..<count { bytes.append(UInt8(reader.read(8) ?? 0)) }
                segments.append(QRSegment(mode: .byte, bytes: bytes, eci: eci))
            case 0b1000:
                guard let count = reader.read([8, 10, 12][range]), reader.remaining >= count * 13 else { return nil }
                var bytes = Data(capacity: count * 2)
                for _ in 0..<count {
                    // A 13-bit value: high byte × 0xC0 + low byte of the Shift JIS code less 0x8140 or 0xC140.
                    let value = reader.read(13) ?? 0
                    var code = (value / 0xC0) << 8 | (value % 0xC0)
                    code += code < 0x1F00 ? 0x8140 : 0xC140
                    bytes.append(UInt8(code >> 8))
                    bytes.append(UInt8(code & 0xFF))
                }
                segments.append(QRSegment(mode: .kanji, bytes: bytes, eci: eci))
            default:
                return nil
            }
        }
        return (segments, charactersOnly)
    }

    /// An ECI designator: 1, 2 or 3 bytes whose leading bits 0, 10 or 110 say how many (§7.4.2.2).
    static func readECIDesignator(_ reader: inout BitReader) -> Int? {
        guard let first = reader.read(8) else { return nil }
        if first & 0x80 == 0 { return first }
        if first & 0xC0 == 0x80 {
            guard let second = reader.read(8) else { return nil }
            return (first & 0x3F) << 8 | second
        }
        if first & 0xE0 == 0xC0 {
            guard let rest = reader.read(16) else { return nil }
            return (first & 0x1F) << 16 | rest
        }
        return nil
    }

    /// `count` digits: groups of three in 10 bits, a last pair in 7, a last digit in 4.
    static func readNumeric(_ reader: inout BitReader, count: Int) -> Data? {
        var digits = Data(capacity: count)
        var left = count
        while left > 0 {
            let group = min(3, left)
            guard let value = reader.read([4, 7, 10][group - 1]), value < [10, 100, 1000][group - 1] else { return nil }
            let text = String(value)
            digits.append(contentsOf: [UInt8](repeating: 0x30, count: group - text.utf8.count) + Array(text.utf8))
            left -= group
        }
        return digits
    }

    /// `count` alphanumeric characters: pairs in 11 bits (45 × first + second), a last one in 6.
    static func readAlphanumeric(_ reader: inout BitReader, count: Int) -> Data? {
        var text = Data(capacity: count)
        var left = count
        while left > 0 {
            if left >= 2 {
                guard let value = reader.read(11), value < 45 * 45 else { return nil }
                text.append(alphanumeric[value / 45])
                text.append(alphanumeric[value % 45])
                left -= 2
            } else {
                guard let value = reader.read(6), value < 45 else { return nil }
                text.append(alphanumeric[value])
                left -= 1
            }
        }
        return text
    }
}

/// Reads bits most significant first from a byte array.
struct BitReader {
    let bytes: [UInt8]
    private(set) var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    var remaining: Int { bytes.count * 8 - position }

    /// The next `count` (≤ 24) bits as an integer, or nil when fewer are left.
    mutating func read(_ count: Int) -> Int? {
        guard count <= remaining else { return nil }
        var value = 0
        for _ in 0..<count {
            let bit = Int(bytes[position >> 3] >> (7 - UInt8(position & 7))) & 1
            value = value << 1 | bit
            position += 1
        }
        return value
    }
}
