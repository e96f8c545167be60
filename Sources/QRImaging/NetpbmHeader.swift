/// The header of a Netpbm grey map (P2, P5) or pixel map (P3, P6), read without trusting any field.
struct NetpbmHeader: Sendable, Equatable {
    /// The magic digit: 2, 3, 5 or 6.
    let kind: UInt8
    let width: Int
    let height: Int
    /// The largest sample value, 1–65535.
    let maxValue: Int
    /// Offset of the first raster byte (binary kinds) or first sample token (plain kinds).
    let dataOffset: Int

    /// Samples per pixel: 1 for grey maps, 3 for pixel maps.
    var channels: Int { kind == 3 || kind == 6 ? 3 : 1 }
    /// Whether the samples are ASCII decimal numbers.
    var isPlain: Bool { kind == 2 || kind == 3 }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }

    /// Parses the header; `bytes` starts with `P`.
    init(parsing bytes: [UInt8]) throws(ImagingError) {
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "P"),
            let kind = [UInt8(ascii: "2"), UInt8(ascii: "3"), UInt8(ascii: "5"), UInt8(ascii: "6")]
                .firstIndex(of: bytes[1]).map({ [2, 3, 5, 6][$0] as UInt8 })
        else { throw ImagingError(.unsupportedFormat, "not a P2, P3, P5 or P6 Netpbm file") }
        var scanner = NetpbmScanner(bytes: bytes, offset: 2)
        let width = try scanner.number(field: "width")
        let height = try scanner.number(field: "height")
        let maxValue = try scanner.number(field: "maxval")
        guard (1...65535).contains(maxValue) else {
            throw ImagingError(.corrupt, "corrupt PGM/PPM: maxval \(maxValue) is outside 1–65535")
        }
        // Exactly one whitespace byte separates the header from a binary raster.
        guard scanner.offset < bytes.count, NetpbmHeader.isWhitespace(bytes[scanner.offset]) else {
            throw ImagingError(.corrupt, "corrupt PGM/PPM: no raster data after the header")
        }
        self.kind = kind
        self.width = width
        self.height = height
        self.maxValue = maxValue
        self.dataOffset = scanner.offset + 1
    }
}
