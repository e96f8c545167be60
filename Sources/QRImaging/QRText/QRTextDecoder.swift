import Glibc

public import struct FoundationEssentials.Data

/// Where the charset of part of a symbol's text came from.
public enum QRCharsetSource: String, Sendable {
    /// An ECI designator in the symbol named it.
    case eci
    /// A Kanji-mode segment: Shift JIS by definition.
    case kanjiMode = "kanji-mode"
    /// No designator: the bytes were read as UTF-8 when valid, else Shift JIS when valid, else ISO-8859-1.
    case guessed
}

/// A charset used for (part of) a symbol's text and where it came from.
public struct QRCharsetUse: Sendable, Equatable {
    /// The charset's IANA-style name (`UTF-8`, `Shift_JIS`, `ISO-8859-2`, `windows-1251`, …).
    public let charset: String
    public let source: QRCharsetSource

    public init(charset: String, source: QRCharsetSource) {
        self.charset = charset
        self.source = source
    }
}

/// Turns a symbol's segments into text the way ISO/IEC 18004 and the peer readers do: each run of
/// segments under one ECI designator in that designator's charset; Kanji mode as Shift JIS; bytes
/// without a designator as UTF-8 when valid, else Shift JIS when valid, else ISO-8859-1.
/// Conversions go through glibc's iconv, which has every charset of the table.
public enum QRTextDecoder {
    /// A charset: the name reported and the name iconv knows it by.
    struct Charset: Sendable {
        let name: String
        let iconvName: String
    }

    /// The charsets of the ECI designators zxing-cpp maps (AIM ECI register; zxing-cpp `ECI.cpp`).
    /// 899 (binary) has no charset: such a run has no text.
    static let eciCharsets: [Int: Charset] = {
        var table: [Int: Charset] = [
            0: Charset(name: "IBM437", iconvName: "IBM437"), 2: Charset(name: "IBM437", iconvName: "IBM437"),
            1: Charset(name: "ISO-8859-1", iconvName: "ISO-8859-1"),
            20: Charset(name: "Shift_JIS", iconvName: "CP932"),
            21: Charset(name: "windows-1250", iconvName: "WINDOWS-1250"),
            22: Charset(name: "windows-1251", iconvName: "WINDOWS-1251"),
            23: Charset(name: "windows-1252", iconvName: "WINDOWS-1252"),
            24: Charset(name: "windows-1256", iconvName: "WINDOWS-1256"),
            25: Charset(name: "UTF-16BE", iconvName: "UTF-16BE"), 26: Charset(name: "UTF-8", iconvName: "UTF-8"),
            27: Charset(name: "US-ASCII", iconvName: "US-ASCII"), 170: Charset(name: "US-ASCII", iconvName: "US-ASCII"),
            28: Charset(name: "Big5", iconvName: "BIG5"),
            // GB 2312 is a subset of GB 18030, which iconv decodes for both.
            29: Charset(name: "GB2312", iconvName: "GB18030"), 32: Charset(name: "GB18030", iconvName: "GB18030"),
            30: Charset(name: "EUC-KR", iconvName: "EUC-KR"),
            33: Charset(name: "UTF-16LE", iconvName: "UTF-16LE"), 34: Charset(name: "UTF-32BE", iconvName: "UTF-32BE"),
            35: Charset(name: "UTF-32LE", iconvName: "UTF-32LE"),
        ]
        // ECI 3–18: ISO-8859-1 … ISO-8859-16; there is no part 12, so ECI 14 is unassigned.
        for part in 1...16 where part != 12 {
            table[part + 2] = Charset(name: "ISO-8859-\(part)", iconvName: "ISO-8859-\(part)")
        }
        return table
    }()

    static let shiftJIS = Charset(name: "Shift_JIS", iconvName: "CP932")

    /// The text of `segments` (nil when a run is binary or its bytes are not valid in the charset it
    /// is in) and the charsets used, each distinct pair once in order of first use.
    public static func decode(_ segments: [QRSegment]) -> (text: String?, charsets: [QRCharsetUse]) {
        var text: String? = ""
        var charsets: [QRCharsetUse] = []
        var start = 0
        while start < segments.count {
            // A run: consecutive segments under the same designator and of the same kind (Kanji or not).
            let first = segments[start]
            var end = start + 1
            while end < segments.count, segments[end].eci == first.eci,
                (segments[end].mode == .kanji) == (first.mode == .kanji)
            {
                end += 1
            }
            let bytes = segments[start..<end].payload
            let (part, use) = decodeRun(bytes, eci: first.eci, kanji: first.mode == .kanji)
            if let use, !charsets.contains(use) { charsets.append(use) }
            if let part, let sofar = text { text = sofar + part } else { text = nil }
            start = end
        }
        return (text, charsets)
    }

    /// The text of `bytes` without any segment structure known: one run without designator.
    public static func decode(bytes: Data) -> (text: String?, charsets: [QRCharsetUse]) {
        decode([QRSegment(mode: .byte, bytes: bytes, eci: nil)])
    }

    static func decodeRun(_ bytes: Data, eci: Int?, kanji: Bool) -> (String?, QRCharsetUse?) {
        if kanji {
            return (convert(bytes, from: shiftJIS.iconvName), QRCharsetUse(charset: shiftJIS.name, source: .kanjiMode))
        }
        if let eci {
            if eci == 899 { return (nil, QRCharsetUse(charset: "binary", source: .eci)) }
            if let charset = eciCharsets[eci] {
                return (convert(bytes, from: charset.iconvName), QRCharsetUse(charset: charset.name, source: .eci))
            }
        }
        return guess(bytes)
    }

    /// UTF-8 when valid, else Shift JIS when valid, else ISO-8859-1; the last only when the bytes hold
    /// no control character other than tab, line feed and carriage return (else they are binary: nil).
    static func guess(_ bytes: Data) -> (String?, QRCharsetUse?) {
        if let text = QRSymbol.strictUTF8(bytes) { return (text, QRCharsetUse(charset: "UTF-8", source: .guessed)) }
        // Valid Shift JIS: JIS X 0208 as glibc's SHIFT_JIS has it, not CP932's vendor rows, where
        // most Latin-1 text would pass. Decoded as CP932, which keeps 0x5C and 0x7E ASCII (glibc's
        // SHIFT_JIS makes them ¥ and ‾).
        if convert(bytes, from: "SHIFT_JIS") != nil, let text = convert(bytes, from: shiftJIS.iconvName) {
            return (text, QRCharsetUse(charset: shiftJIS.name, source: .guessed))
        }
        let use = QRCharsetUse(charset: "ISO-8859-1", source: .guessed)
        let control = bytes.contains { byte in
            (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || (0x7F...0x9F).contains(byte)
        }
        if control { return (nil, use) }
        return (String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })), use)
    }

    /// `bytes` converted from `charset` with iconv, strictly: nil when any byte sequence is invalid.
    static func convert(_ bytes: Data, from charset: String) -> String? {
        if bytes.isEmpty { return "" }
        let handle = iconv_open("UTF-8", charset)
        guard handle != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(handle) }
        var input = [UInt8](bytes)
        var output = [UInt8](repeating: 0, count: input.count * 4 + 16)
        let written: Int? = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                guard let inBase = inBuffer.baseAddress, let outBase = outBuffer.baseAddress else { return nil }
                var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inBase)
                    .assumingMemoryBound(to: CChar.self)
                var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBase)
                    .assumingMemoryBound(to: CChar.self)
                var inLeft = inBuffer.count
                var outLeft = outBuffer.count
                guard iconv(handle, &inPointer, &inLeft, &outPointer, &outLeft) != -1, inLeft == 0 else { return nil }
                // Flush any shift state.
                guard iconv(handle, nil, nil, &outPointer, &outLeft) != -1 else { return nil }
                return outBuffer.count - outLeft
            }
        }
        guard let written else { return nil }
        return QRSymbol.strictUTF8(Data(output[0..<written]))
    }
}
