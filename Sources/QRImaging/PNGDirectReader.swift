internal import CPNG

/// Reads the PNGs a scanner meets most — 8-bit grey, grey + alpha, RGB or RGBA, and palette images of
/// 1, 2, 4 or 8 bits (with or without `tRNS`), not interlaced — straight from the chunks: `Inflater`
/// decodes the IDAT stream (refusing exactly the streams zlib refuses, about 1.6 times as fast on
/// photos) and the PNG filters are undone here, without libpng's per-row transform machinery. On
/// large grey images that is about 40 % fewer instructions than libpng's generic path (whose Paeth
/// un-filtering of one-byte pixels dominates).
///
/// Every chunk it relies on is checked (signature, IHDR, CRC-32 of the critical chunks and of `tRNS`
/// and `gAMA`, zlib header (a stream reaching past its declared window is libpng's to judge), filter types,
/// palette indices within `PLTE`, enough image data, the deflate stream ending with its Adler-32
/// trailer inside the IDAT data, as libpng requires). The trailer's value is not checked — browsers
/// skip it too; the CRC-32s already cover every compressed byte.
///
/// Ancillary chunks that do not change what libpng's simplified API gives for 8-bit sRGB output are
/// passed over: text, time, physical size, background, `sRGB`, `cHRM` (only used when libpng itself
/// reduces colour to grey), `iCCP` and `sBIT` (not applied by the simplified API), and `gAMA` when it
/// is the sRGB gamma (1/2.2, within 0.5 %, where libpng applies no gamma correction). Anything else —
/// other bit depths, interlacing, another gamma, `tRNS` outside palette images, unknown chunks, any
/// inconsistency — gives `nil`, and libpng decodes the file (with its own error messages), so the
/// pixels are always what libpng's simplified API would give.
enum PNGDirectReader {
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private static let ihdr = fourCC("IHDR")
    private static let idat = fourCC("IDAT")
    private static let iend = fourCC("IEND")
    private static let plte = fourCC("PLTE")
    private static let trns = fourCC("tRNS")
    private static let gama = fourCC("gAMA")
    /// Ancillary chunks that cannot change the decoded samples of the formats read here.
    private static let passiveChunks: Set<UInt32> = Set(
        ["tEXt", "zTXt", "iTXt", "pHYs", "tIME", "sRGB", "bKGD", "eXIf", "cHRM", "iCCP", "sBIT"].map(fourCC))
    /// The `gAMA` values (×100 000) taken as sRGB's 1/2.2: libpng corrects gamma only when the file's
    /// differs from the output's by 5 % or more; this is within 0.5 %.
    private static let srgbGamma: ClosedRange<UInt32> = 45_228...45_682

    /// What the chunks say, once they all check out.
    private struct Layout {
        var width: Int
        var height: Int
        /// Samples per pixel: 1 grey, 2 grey + alpha, 3 RGB, 4 RGBA; 1 for a palette image.
        var channels: Int
        /// Bits per sample: 8, or 1, 2, 4 or 8 for a palette image.
        var depth: Int = 8
        /// For a palette image: each entry's grey value (luma, composited on white through `tRNS`);
        /// empty otherwise. Its count is the number of `PLTE` entries.
        var palette: [UInt8] = []
        /// Whether this is a palette image (colour type 3).
        var indexed: Bool = false
        /// Whether a `tRNS` chunk was seen.
        var transparency: Bool = false
        /// Byte ranges of the IDAT payloads, in order (the first starts with the 2-byte zlib header).
        var data: [Range<Int>]
    }

    /// The decoded image, or nil when the file is not one this reader handles (libpng decides).
    /// Throws only the pixel-budget error, from the header, before anything is allocated (or what
    /// `admit` throws). The grey result is the one image-sized buffer; rows are inflated two at a time.
    /// When this returns nil after admitting, libpng admits the same image again with its own size.
    static func decode(
        _ bytes: [UInt8], pixelLimit: Int, admit: ImageAdmission? = nil
    ) throws(ImagingError) -> GrayImage? {
        guard let layout = parse(bytes) else { return nil }
        try ImageDecoder.checkDimensions(
            width: layout.width, height: layout.height, pixelLimit: pixelLimit, format: "PNG", admit: admit)
        guard let pixels = inflateRows(bytes, layout) else { return nil }
        return GrayImage(width: layout.width, height: layout.height, pixels: pixels)
    }

    private static func fourCC(_ text: String) -> UInt32 {
        text.utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }

    /// Whether the CRC-32 stored after a chunk matches its type and data.
    private static func crcMatches(_ bytes: [UInt8], chunk offset: Int, length: Int) -> Bool {
        let computed = bytes.withUnsafeBufferPointer { buffer -> UInt32 in
            guard let base = buffer.baseAddress else { return 0 }
            return UInt32(truncatingIfNeeded: crc32(0, base + offset + 4, uInt(length + 4)))
        }
        return computed == bigEndian32(bytes, offset + 8 + length)
    }

    private static func parse(_ bytes: [UInt8]) -> Layout? {
        guard bytes.count >= 8 + 25 + 12, bytes.starts(with: signature) else { return nil }
        var offset = 8
        var layout: Layout?
        var dataEnded = false
        while offset + 12 <= bytes.count {
            let length = Int(bigEndian32(bytes, offset))
            let type = bigEndian32(bytes, offset + 4)
            guard length <= Int(Int32.max), offset + 12 + length <= bytes.count else { return nil }
            if layout == nil {
                guard type == ihdr, length == 13, crcMatches(bytes, chunk: offset, length: length) else { return nil }
                layout = header(bytes, at: offset + 8)
                guard layout != nil else { return nil }
            } else if type == idat {
                guard !dataEnded, crcMatches(bytes, chunk: offset, length: length) else { return nil }
                // A palette image needs its palette before the data.
                guard layout?.indexed == false || layout?.palette.isEmpty == false else { return nil }
                layout?.data.append((offset + 8)..<(offset + 8 + length))
            } else if type == iend {
                guard let layout, !layout.data.isEmpty else { return nil }
                return layout
            } else if type == plte {
                // Only where it gives the samples (palette images), once, before the data and `tRNS`.
                guard layout?.indexed == true, layout?.palette.isEmpty == true, layout?.data.isEmpty == true,
                    layout?.transparency == false, length > 0, length % 3 == 0,
                    length / 3 <= 1 << (layout?.depth ?? 0), crcMatches(bytes, chunk: offset, length: length)
                else { return nil }
                let start = offset + 8
                layout?.palette = (0..<(length / 3)).map { entry in
                    ImageDecoder.luma(
                        bytes[start + 3 * entry], bytes[start + 3 * entry + 1], bytes[start + 3 * entry + 2])
                }
            } else if type == trns {
                // Palette transparency only: one alpha per entry, at most as many as the palette has.
                guard let current = layout, current.indexed, !current.palette.isEmpty, current.data.isEmpty,
                    !current.transparency, length <= current.palette.count,
                    crcMatches(bytes, chunk: offset, length: length)
                else { return nil }
                for entry in 0..<length {
                    layout?.palette[entry] = ImageDecoder.onWhite(
                        current.palette[entry], alpha: bytes[offset + 8 + entry])
                }
                layout?.transparency = true
            } else if type == gama {
                guard length == 4, layout?.data.isEmpty == true, crcMatches(bytes, chunk: offset, length: length),
                    srgbGamma.contains(bigEndian32(bytes, offset + 8))
                else { return nil }
            } else {
                guard passiveChunks.contains(type) else { return nil }
                if layout?.data.isEmpty == false { dataEnded = true }
            }
            offset += 12 + length
        }
        return nil  // no IEND: truncated, libpng reports it
    }

    /// The IHDR fields, when they describe an image this reader handles.
    private static func header(_ bytes: [UInt8], at start: Int) -> Layout? {
        let width = Int(bigEndian32(bytes, start))
        let height = Int(bigEndian32(bytes, start + 4))
        let (depth, colourType) = (bytes[start + 8], bytes[start + 9])
        let (compression, filter, interlace) = (bytes[start + 10], bytes[start + 11], bytes[start + 12])
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max),
            compression == 0, filter == 0, interlace == 0
        else { return nil }
        if colourType == 3 {
            guard [1, 2, 4, 8].contains(depth) else { return nil }
            return Layout(width: width, height: height, channels: 1, depth: Int(depth), indexed: true, data: [])
        }
        guard depth == 8 else { return nil }
        let channels: Int
        switch colourType {
        case 0: channels = 1
        case 4: channels = 2
        case 2: channels = 3
        case 6: channels = 4
        default: return nil
        }
        return Layout(width: width, height: height, channels: channels, data: [])
    }

    /// Inflates and un-filters every row; grey rows are inflated straight into the output.
    private static func inflateRows(_ bytes: [UInt8], _ layout: Layout) -> [UInt8]? {
        let width = layout.width
        let height = layout.height
        let channels = layout.channels
        let rowBytes = layout.indexed ? (width * layout.depth + 7) / 8 : width * channels
        var failed = false
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height) { out, initialized in
            bytes.withUnsafeBufferPointer { input in
                guard let inputBase = input.baseAddress, let outBase = out.baseAddress,
                    isPlainDeflate(inputBase, layout.data)
                else {
                    failed = true
                    return
                }
                // After the two-byte zlib header (which may span IDAT chunks). A stream that reaches further
                // back than its declared window is declined: zlib inside libpng keeps only that much history
                // between its calls (one per row, one per 8 KiB of input), so its verdict on such a stream
                // depends on where those fall, and libpng gives it. Within the window zlib always accepts.
                let source = Inflater(joining: layout.data, of: inputBase, skipping: 2)
                source.windowLimit = declaredWindow(inputBase, layout.data)
                let zeros = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes)
                zeros.initialize(repeating: 0, count: rowBytes)
                defer { zeros.deallocate() }
                let read =
                    layout.indexed
                    ? readPaletteRows(source, into: outBase, layout: layout, zeros: zeros)
                    : channels == 1
                        ? readGreyRows(source, into: outBase, width: width, height: height, zeros: zeros)
                        : readColourRows(source, into: outBase, layout: layout, zeros: zeros)
                // libpng needs the four bytes of the Adler-32 after the stream, not their value.
                failed = !read || !source.finish(trailer: 4)
            }
            initialized = failed ? 0 : width * height
        }
        return failed ? nil : pixels
    }

    /// The window the zlib header declares: 2^(CINFO + 8) bytes (RFC 1950 §2.2).
    private static func declaredWindow(_ base: UnsafePointer<UInt8>, _ ranges: [Range<Int>]) -> Int {
        guard let first = ranges.joined().first else { return 1 << 15 }
        return 1 << (Int(base[first] >> 4) + 8)
    }

    /// Whether the zlib header (the first two bytes of the IDAT data) announces a plain deflate
    /// stream: a 32 KiB window or less and no preset dictionary (RFC 1950 §2.2).
    private static func isPlainDeflate(_ base: UnsafePointer<UInt8>, _ ranges: [Range<Int>]) -> Bool {
        let header = Array(ranges.joined().prefix(2)).map { base[$0] }
        guard header.count == 2 else { return false }
        let (cmf, flg) = (header[0], header[1])
        return cmf & 0x0F == 8 && cmf >> 4 <= 7 && (UInt16(cmf) << 8 | UInt16(flg)) % 31 == 0 && flg & 0x20 == 0
    }

    /// Grey rows are inflated straight into the output, and each one's prior row is the output row
    /// above. Rows go in pairs so that two Paeth rows are undone together (`paethTwoRows`).
    private static func readGreyRows(
        _ source: Inflater, into out: UnsafeMutablePointer<UInt8>, width: Int, height: Int,
        zeros: UnsafePointer<UInt8>
    ) -> Bool {
        var firstFilter: UInt8 = 0
        var secondFilter: UInt8 = 0
        var y = 0
        while y < height {
            let prior = y == 0 ? zeros : UnsafePointer(out + (y - 1) * width)
            let row = out + y * width
            guard source.read(into: &firstFilter, count: 1), source.read(into: row, count: width) else { return false }
            guard y + 1 < height else {
                return unfilter(firstFilter, row: row, prior: prior, count: width, bytesPerPixel: 1)
            }
            let next = row + width
            guard source.read(into: &secondFilter, count: 1), source.read(into: next, count: width) else {
                return false
            }
            if firstFilter == 4 && secondFilter == 4 {
                paethTwoRows(row, next, prior: prior, count: width)
            } else {
                guard unfilter(firstFilter, row: row, prior: prior, count: width, bytesPerPixel: 1),
                    unfilter(secondFilter, row: next, prior: UnsafePointer(row), count: width, bytesPerPixel: 1)
                else { return false }
            }
            y += 2
        }
        return true
    }

    /// Grey + alpha, RGB and RGBA rows alternate between two buffers and are reduced to grey.
    private static func readColourRows(
        _ source: Inflater, into out: UnsafeMutablePointer<UInt8>, layout: Layout,
        zeros: UnsafePointer<UInt8>
    ) -> Bool {
        let rowBytes = layout.width * layout.channels
        let rows = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * rowBytes)
        defer { rows.deallocate() }
        var filterType: UInt8 = 0
        for y in 0..<layout.height {
            let row = rows + (y & 1) * rowBytes
            let prior = y == 0 ? zeros : UnsafePointer(rows + ((y + 1) & 1) * rowBytes)
            let grey = out + y * layout.width
            guard source.read(into: &filterType, count: 1), source.read(into: row, count: rowBytes) else {
                return false
            }
            // Paeth rows of RGB and RGBA, most of a photo's, are reduced to grey as they are undone.
            if filterType == 4, layout.channels >= 3 {
                if layout.channels == 3 {
                    paethRGB(row: row, prior: prior, width: layout.width, grey: grey)
                } else {
                    paethRGBA(row: row, prior: prior, width: layout.width, grey: grey)
                }
                continue
            }
            guard unfilter(filterType, row: row, prior: prior, count: rowBytes, bytesPerPixel: layout.channels)
            else { return false }
            reduce(row, channels: layout.channels, width: layout.width, into: grey)
        }
        return true
    }

    /// Palette rows (1, 2, 4 or 8 bits an index, filtered a byte at a time) alternate between two
    /// buffers and go through the palette's grey table. An index past the palette gives false (libpng
    /// decides what such a file is).
    private static func readPaletteRows(
        _ source: Inflater, into out: UnsafeMutablePointer<UInt8>, layout: Layout,
        zeros: UnsafePointer<UInt8>
    ) -> Bool {
        let width = layout.width
        let depth = layout.depth
        let rowBytes = (width * depth + 7) / 8
        let rows = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * rowBytes)
        defer { rows.deallocate() }
        // Grey value per index; entries past the palette are marked out of range (256).
        var table = [UInt16](repeating: 256, count: 256)
        for (index, grey) in layout.palette.enumerated() { table[index] = UInt16(grey) }
        let perByte = 8 / depth
        let mask = (1 << depth) - 1
        var filterType: UInt8 = 0
        return table.withUnsafeBufferPointer { table -> Bool in
            for y in 0..<layout.height {
                let row = rows + (y & 1) * rowBytes
                let prior = y == 0 ? zeros : UnsafePointer(rows + ((y + 1) & 1) * rowBytes)
                guard source.read(into: &filterType, count: 1), source.read(into: row, count: rowBytes),
                    unfilter(filterType, row: row, prior: prior, count: rowBytes, bytesPerPixel: 1)
                else { return false }
                let target = out + y * width
                var outOfRange: UInt16 = 0
                if depth == 8 {
                    for x in 0..<width {
                        let grey = table[Int(row[x])]
                        outOfRange |= grey
                        target[x] = UInt8(truncatingIfNeeded: grey)
                    }
                } else {
                    for x in 0..<width {
                        let byte = Int(row[x / perByte])
                        let shift = 8 - depth * (x % perByte + 1)
                        let grey = table[(byte >> shift) & mask]
                        outOfRange |= grey
                        target[x] = UInt8(truncatingIfNeeded: grey)
                    }
                }
                guard outOfRange & 256 == 0 else { return false }
            }
            return true
        }
    }

    /// Two consecutive Paeth rows of one-byte pixels undone in one loop. Each row alone is a serial
    /// chain (every pixel needs its left neighbour); interleaving two independent chains lets the
    /// processor overlap them. The second row's up and upper-left values are the first row's fresh ones.
    @inline(__always)
    private static func paethTwoRows(
        _ first: UnsafeMutablePointer<UInt8>, _ second: UnsafeMutablePointer<UInt8>, prior: UnsafePointer<UInt8>,
        count: Int
    ) {
        guard count > 0 else { return }
        first[0] &+= prior[0]
        second[0] &+= first[0]
        var a0 = Int(first[0])
        var c0 = Int(prior[0])
        var a1 = Int(second[0])
        guard count > 1 else { return }
        for index in 1..<count {
            let b0 = Int(prior[index])
            let v0 = (Int(first[index]) &+ paeth(a0, b0, c0)) & 0xFF
            first[index] = UInt8(truncatingIfNeeded: v0)
            let v1 = (Int(second[index]) &+ paeth(a1, v0, a0)) & 0xFF
            second[index] = UInt8(truncatingIfNeeded: v1)
            c0 = b0
            a0 = v0
            a1 = v1
        }
    }

    /// Undoes one row's PNG filter in place (`prior` is the previous row, unfiltered, or zeros).
    @inline(__always)
    private static func unfilter(
        _ type: UInt8, row: UnsafeMutablePointer<UInt8>, prior: UnsafePointer<UInt8>, count: Int, bytesPerPixel bpp: Int
    ) -> Bool {
        switch type {
        case 0:
            return true
        case 1:  // Sub
            guard bpp < count else { return true }
            for index in bpp..<count { row[index] &+= row[index - bpp] }
        case 2:  // Up
            for index in 0..<count { row[index] &+= prior[index] }
        case 3:  // Average
            for index in 0..<min(bpp, count) { row[index] &+= prior[index] >> 1 }
            guard bpp < count else { return true }
            for index in bpp..<count {
                row[index] &+= UInt8(truncatingIfNeeded: (UInt16(row[index - bpp]) &+ UInt16(prior[index])) >> 1)
            }
        case 4:  // Paeth
            if bpp == 1 {
                paethOneByte(row: row, prior: prior, count: count)
                return true
            }
            for index in 0..<min(bpp, count) { row[index] &+= prior[index] }
            guard bpp < count else { return true }
            for index in bpp..<count {
                let predictor = paeth(Int(row[index - bpp]), Int(prior[index]), Int(prior[index - bpp]))
                row[index] &+= UInt8(truncatingIfNeeded: predictor)
            }
        default:
            return false
        }
        return true
    }

    /// The Paeth predictor: whichever of left (`a`), up (`b`) and upper-left (`c`) is nearest to
    /// a + b - c, ties to a, then b. Written without absolute values: with lo/hi the smaller/larger of
    /// a and b and t = 3c - (a + b), the answer is hi when t <= lo, lo when hi <= t, else c — the same
    /// value as the textbook form for all 2^24 inputs (checked exhaustively), in fewer instructions.
    @inline(__always)
    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let threshold = c &* 3 &- (a &+ b)
        let low = min(a, b)
        let high = max(a, b)
        let notLow = high <= threshold ? low : c
        return threshold <= low ? high : notLow
    }

    /// `paethPixels` for RGB, compiled on its own: inlined into the row loop, its pointers did not fit
    /// in the registers left and were reloaded from the stack on every pixel.
    @inline(never)
    private static func paethRGB(
        row: UnsafeMutablePointer<UInt8>, prior: UnsafePointer<UInt8>, width: Int, grey: UnsafeMutablePointer<UInt8>
    ) {
        paethPixels(row: row, prior: prior, width: width, bytesPerPixel: 3, grey: grey)
    }

    /// `paethPixels` for RGBA, compiled on its own (`paethRGB`).
    @inline(never)
    private static func paethRGBA(
        row: UnsafeMutablePointer<UInt8>, prior: UnsafePointer<UInt8>, width: Int, grey: UnsafeMutablePointer<UInt8>
    ) {
        paethPixels(row: row, prior: prior, width: width, bytesPerPixel: 4, grey: grey)
    }

    /// Paeth for RGB and RGBA rows, each pixel reduced to grey (`reduce`'s arithmetic) into `grey` as
    /// it is undone. The pixels form one serial chain, but each channel's chain is independent of the
    /// others: the three (or four) are undone side by side in registers, so the processor overlaps
    /// them, and neither the left and upper-left values nor the row are read back from memory. RGB and
    /// RGBA photos are most of what a scanner reads, and most of their rows are Paeth-filtered.
    @inline(__always)
    private static func paethPixels(
        row: UnsafeMutablePointer<UInt8>, prior: UnsafePointer<UInt8>, width: Int, bytesPerPixel bpp: Int,
        grey: UnsafeMutablePointer<UInt8>
    ) {
        // Left and upper-left start at zero: the first pixel's predictor is then the one above.
        var (a0, a1, a2, a3) = (0, 0, 0, 0)
        var (c0, c1, c2, c3) = (0, 0, 0, 0)
        // Pointers moved along rather than indices added to (which are checked for overflow).
        var pixel = row
        var above = prior
        for x in 0..<width {
            let b0 = Int(above[0])
            let b1 = Int(above[1])
            let b2 = Int(above[2])
            a0 = (Int(pixel[0]) &+ paeth(a0, b0, c0)) & 0xFF
            a1 = (Int(pixel[1]) &+ paeth(a1, b1, c1)) & 0xFF
            a2 = (Int(pixel[2]) &+ paeth(a2, b2, c2)) & 0xFF
            pixel[0] = UInt8(truncatingIfNeeded: a0)
            pixel[1] = UInt8(truncatingIfNeeded: a1)
            pixel[2] = UInt8(truncatingIfNeeded: a2)
            let luma = ImageDecoder.luma(
                UInt8(truncatingIfNeeded: a0), UInt8(truncatingIfNeeded: a1), UInt8(truncatingIfNeeded: a2))
            if bpp == 4 {
                let b3 = Int(above[3])
                a3 = (Int(pixel[3]) &+ paeth(a3, b3, c3)) & 0xFF
                pixel[3] = UInt8(truncatingIfNeeded: a3)
                c3 = b3
                grey[x] = ImageDecoder.onWhite(luma, alpha: UInt8(truncatingIfNeeded: a3))
            } else {
                grey[x] = luma
            }
            (c0, c1, c2) = (b0, b1, b2)
            pixel += bpp
            above += bpp
        }
    }

    /// Paeth for one-byte pixels (8-bit grey, the common case for large images): the left and
    /// upper-left values are carried in registers instead of re-read from the row just written.
    @inline(__always)
    private static func paethOneByte(row: UnsafeMutablePointer<UInt8>, prior: UnsafePointer<UInt8>, count: Int) {
        guard count > 0 else { return }
        row[0] &+= prior[0]
        var a = Int(row[0])
        var c = Int(prior[0])
        guard count > 1 else { return }
        for index in 1..<count {
            let b = Int(prior[index])
            let value = (Int(row[index]) &+ paeth(a, b, c)) & 0xFF
            row[index] = UInt8(truncatingIfNeeded: value)
            a = value
            c = b
        }
    }

    /// One row of grey + alpha, RGB or RGBA samples to grey, with the same arithmetic as the libpng path.
    @inline(__always)
    private static func reduce(
        _ row: UnsafeMutablePointer<UInt8>, channels: Int, width: Int, into out: UnsafeMutablePointer<UInt8>
    ) {
        switch channels {
        case 2:
            for x in 0..<width { out[x] = ImageDecoder.onWhite(row[2 * x], alpha: row[2 * x + 1]) }
        case 3:
            for x in 0..<width { out[x] = ImageDecoder.luma(row[3 * x], row[3 * x + 1], row[3 * x + 2]) }
        default:
            for x in 0..<width {
                let base = 4 * x
                out[x] = ImageDecoder.onWhite(
                    ImageDecoder.luma(row[base], row[base + 1], row[base + 2]), alpha: row[base + 3])
            }
        }
    }
}
