/// The header of a Netpbm bitmap (P1, P4), grey map (P2, P5) or pixel map (P3, P6), read without
/// trusting any field.
struct NetpbmHeader: Sendable, Equatable {
    /// The magic digit, 1–6.
    let kind: UInt8
    let width: Int
    let height: Int
    /// The largest sample value, 1–65535 (1 for bitmaps, which have no maxval field).
    let maxValue: Int
    /// Offset of the first raster byte (binary kinds) or first sample token (plain kinds).
    let dataOffset: Int

    /// Samples per pixel: 1 for grey maps, 3 for pixel maps.
    var channels: Int { kind == 3 || kind == 6 ? 3 : 1 }
    /// Whether the samples are ASCII decimal numbers.
    var isPlain: Bool { kind <= 3 }
    /// Whether this is a bitmap: 1 is black, 0 white; P4 packs 8 pixels a byte, rows padded to a byte.
    var isBitmap: Bool { Self.isBitmap(kind) }
    /// The name error messages use.
    var formatName: String { Self.formatName(isBitmap: isBitmap) }

    private static func isBitmap(_ kind: UInt8) -> Bool { kind == 1 || kind == 4 }

    private static func formatName(isBitmap: Bool) -> String { isBitmap ? "PBM" : "PGM/PPM" }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }

    /// Parses the header; `bytes` starts with `P`.
    init(parsing bytes: [UInt8]) throws(ImagingError) {
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "P"),
            (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(bytes[1])
        else { throw ImagingError(.unsupportedFormat, "not a P1–P6 Netpbm file") }
        let kind = bytes[1] - UInt8(ascii: "0")
        let isBitmap = Self.isBitmap(kind)
        let name = Self.formatName(isBitmap: isBitmap)
        var scanner = NetpbmScanner(bytes: bytes, offset: 2, format: name)
        let width = try scanner.number(field: "width")
        let height = try scanner.number(field: "height")
        let maxValue = isBitmap ? 1 : try scanner.number(field: "maxval")
        guard (1...65535).contains(maxValue) else {
            throw ImagingError(.corrupt, "corrupt \(name): maxval \(maxValue) is outside 1–65535")
        }
        // Exactly one whitespace byte separates the header from a binary raster.
        guard scanner.offset < bytes.count, NetpbmHeader.isWhitespace(bytes[scanner.offset]) else {
            throw ImagingError(.corrupt, "corrupt \(name): no raster data after the header")
        }
        self.kind = kind
        self.width = width
        self.height = height
        self.maxValue = maxValue
        self.dataOffset = scanner.offset + 1
    }
}
