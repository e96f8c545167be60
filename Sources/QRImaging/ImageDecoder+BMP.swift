extension ImageDecoder {
    /// Decodes a Windows bitmap (`BM`): the core (12-byte) and the 40-, 52-, 56-, 64-, 108- and 124-byte info
    /// headers; 1, 4 and 8 bits a pixel through a palette, 16 (5-5-5, or bit fields), 24 and 32 (BGRx, or bit
    /// fields, with an alpha mask composited on white); rows bottom-up or, with a negative height, top-down.
    /// Run-length (RLE4, RLE8) and embedded JPEG/PNG bitmaps are refused as unsupported. Every offset is checked
    /// against the file, and the size against the pixel limit before the one buffer (the grey result) is made.
    static func decodeBMP(
        _ bytes: [UInt8], pixelLimit: Int, admit: ImageAdmission? = nil
    ) throws(ImagingError) -> GrayImage {
        let header = try BMPHeader(bytes)
        try checkDimensions(
            width: header.width, height: header.height, pixelLimit: pixelLimit, format: "BMP", bytesPerPixel: 1,
            admit: admit)
        // Each row is padded to 4 bytes; all of them must be in the file.
        let (rowBits, bitsOverflow) = header.width.multipliedReportingOverflow(by: header.bitsPerPixel)
        let stride = (rowBits + 31) / 32 * 4
        let (dataBytes, dataOverflow) = stride.multipliedReportingOverflow(by: header.height)
        guard !bitsOverflow, !dataOverflow, header.pixelOffset <= bytes.count,
            dataBytes <= bytes.count - header.pixelOffset
        else {
            throw ImagingError(.corrupt, "corrupt BMP: the file ends before the pixel rows do (truncated)")
        }
        var gray = [UInt8](repeating: 255, count: header.width * header.height)
        bytes.withUnsafeBufferPointer { file in
            gray.withUnsafeMutableBufferPointer { out in
                for row in 0..<header.height {
                    let source = header.pixelOffset + (header.topDown ? row : header.height - 1 - row) * stride
                    let target = row * header.width
                    for column in 0..<header.width {
                        out[target + column] = header.gray(file, row: source, column: column)
                    }
                }
            }
        }
        return GrayImage(width: header.width, height: header.height, pixels: gray)
    }
}

/// What the BMP headers say, checked: the size, the pixel layout and where the rows start.
struct BMPHeader {
    let width: Int
    let height: Int
    let topDown: Bool
    let bitsPerPixel: Int
    let pixelOffset: Int
    /// Grey values of the palette entries (1, 4 and 8 bits a pixel).
    let palette: [UInt8]
    /// The channel masks of 16- and 32-bit pixels (red, green, blue, alpha; alpha 0 = opaque).
    let masks: (red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32)

    init(_ bytes: [UInt8]) throws(ImagingError) {
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> UInt32 {
            UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
        }
        guard bytes.count >= 26, bytes[0] == UInt8(ascii: "B"), bytes[1] == UInt8(ascii: "M") else {
            throw ImagingError(.corrupt, "corrupt BMP: the file is shorter than its headers")
        }
        pixelOffset = Int(u32(10))
        let headerSize = Int(u32(14))
        guard [12, 40, 52, 56, 64, 108, 124].contains(headerSize), bytes.count >= 14 + headerSize else {
            throw ImagingError(.corrupt, "corrupt BMP: an info header of \(headerSize) bytes is not one BMP defines")
        }
        let compression: UInt32
        var colours = 0
        if headerSize == 12 {
            width = u16(18)
            height = u16(20)
            topDown = false
            bitsPerPixel = u16(24)
            compression = 0
        } else {
            width = Int(Int32(bitPattern: u32(18)))
            let signedHeight = Int(Int32(bitPattern: u32(22)))
            topDown = signedHeight < 0
            height = signedHeight.magnitude > Int32.max.magnitude ? 0 : abs(signedHeight)
            bitsPerPixel = u16(28)
            compression = u32(30)
            colours = Int(u32(46))
        }
        guard u16(headerSize == 12 ? 22 : 26) == 1 else {
            throw ImagingError(.corrupt, "corrupt BMP: the header gives more than one colour plane")
        }
        // Bit-field masks (BI_BITFIELDS 3, BI_ALPHABITFIELDS 6) start at byte 54 either way: inside a header of 52
        // bytes or more, right after a 40-byte one. OS/2's 64-byte header gives 3 and 4 other meanings.
        let bitFields: Bool
        switch compression {
        case 0: bitFields = false
        case 3, 6:
            guard headerSize != 64 else {
                throw ImagingError(.unsupportedFormat, "OS/2 BMP compression \(compression) is not supported")
            }
            guard bitsPerPixel == 16 || bitsPerPixel == 32 else {
                throw ImagingError(.corrupt, "corrupt BMP: bit-field masks for \(bitsPerPixel) bits a pixel")
            }
            bitFields = true
        case 1, 2:
            throw ImagingError(.unsupportedFormat, "run-length encoded BMP (RLE4, RLE8) is not supported; convert it")
        default:
            throw ImagingError(
                .unsupportedFormat, "BMP compression \(compression) (Huffman, JPEG or PNG inside) is not supported")
        }
        switch bitsPerPixel {
        case 1, 4, 8:
            // The palette follows the header: 4 bytes an entry (3 after a core header), as many as the header says
            // (0: all 2^bits). An index beyond it reads black, as other readers show it.
            let entrySize = headerSize == 12 ? 3 : 4
            let count = colours == 0 || colours > 1 << bitsPerPixel ? 1 << bitsPerPixel : colours
            let start = 14 + headerSize
            guard start + count * entrySize <= bytes.count else {
                throw ImagingError(.corrupt, "corrupt BMP: the file ends inside the palette (truncated)")
            }
            var palette = [UInt8](repeating: 0, count: 256)
            for entry in 0..<count {
                let at = start + entry * entrySize
                palette[entry] = ImageDecoder.luma(bytes[at + 2], bytes[at + 1], bytes[at])
            }
            self.palette = palette
            masks = (0, 0, 0, 0)
        case 16, 24, 32:
            palette = []
            if bitFields {
                guard 54 + 12 <= bytes.count else {
                    throw ImagingError(.corrupt, "corrupt BMP: the file ends inside the bit-field masks (truncated)")
                }
                let hasAlpha = (headerSize >= 56 || compression == 6) && 54 + 16 <= bytes.count
                masks = (u32(54), u32(58), u32(62), hasAlpha ? u32(66) : 0)
                // A channel is one run of bits; a mask with a gap (0b1011) is refused, as it selects no number.
                for mask in [masks.red, masks.green, masks.blue, masks.alpha] where mask != 0 {
                    let run = mask >> UInt32(mask.trailingZeroBitCount)
                    guard run & (run &+ 1) == 0 else {
                        throw ImagingError(.corrupt, "corrupt BMP: a bit-field mask that is not one run of bits")
                    }
                }
            } else if bitsPerPixel == 16 {
                masks = (0x7C00, 0x03E0, 0x001F, 0)
            } else {
                masks = (0x00FF_0000, 0x0000_FF00, 0x0000_00FF, 0)
            }
        default:
            throw ImagingError(.corrupt, "corrupt BMP: \(bitsPerPixel) bits a pixel is not one BMP defines")
        }
        guard width > 0, height > 0 else {
            throw ImagingError(.corrupt, "the BMP header gives a size of \(width) × \(height) pixels")
        }
    }

    /// The grey value of one pixel of the row starting at byte `row` of the file (the caller checked the row is in
    /// the file).
    @inline(__always)
    func gray(_ file: UnsafeBufferPointer<UInt8>, row: Int, column: Int) -> UInt8 {
        switch bitsPerPixel {
        case 1: return palette[Int(file[row + column >> 3] >> (7 - UInt8(column & 7)) & 1)]
        case 4: return palette[Int(file[row + column >> 1] >> (column & 1 == 0 ? 4 : 0) & 0x0F)]
        case 8: return palette[Int(file[row + column])]
        case 24:
            let at = row + column * 3
            return ImageDecoder.luma(file[at + 2], file[at + 1], file[at])
        default:
            let value: UInt32
            if bitsPerPixel == 16 {
                let at = row + column * 2
                value = UInt32(file[at]) | UInt32(file[at + 1]) << 8
            } else {
                let at = row + column * 4
                value =
                    UInt32(file[at]) | UInt32(file[at + 1]) << 8 | UInt32(file[at + 2]) << 16
                    | UInt32(file[at + 3]) << 24
            }
            let grey = ImageDecoder.luma(
                Self.channel(value, masks.red), Self.channel(value, masks.green), Self.channel(value, masks.blue))
            return masks.alpha == 0 ? grey : ImageDecoder.onWhite(grey, alpha: Self.channel(value, masks.alpha))
        }
    }

    /// The channel `mask` selects, scaled to 8 bits (a mask of 0 reads as 0).
    @inline(__always)
    static func channel(_ value: UInt32, _ mask: UInt32) -> UInt8 {
        guard mask != 0 else { return 0 }
        let bits = (mask >> UInt32(mask.trailingZeroBitCount)).trailingNonzeroBitCount
        // Only the mask's lowest run of bits counts (the header refuses masks with gaps).
        let run = bits >= 32 ? UInt32.max : (UInt32(1) << UInt32(bits)) - 1
        let shifted = ((value & mask) >> UInt32(mask.trailingZeroBitCount)) & run
        guard bits < 8 else { return UInt8(truncatingIfNeeded: shifted >> UInt32(bits - 8)) }
        // Widen by repeating the top bits (5 bits 0b11111 → 255).
        let maximum = (UInt32(1) << UInt32(bits)) - 1
        return UInt8((shifted * 255 + maximum / 2) / maximum)
    }
}

extension UInt32 {
    /// The number of consecutive one bits from the lowest bit up.
    fileprivate var trailingNonzeroBitCount: Int { (~self).trailingZeroBitCount }
}
