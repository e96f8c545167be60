internal import CPNG

extension ImageDecoder {
    /// Decodes a PNG: the common layouts (8-bit grey, grey + alpha, RGB, RGBA; palette images) directly
    /// (`PNGDirectReader`), everything else with
    /// libpng's simplified API (errors come back as return values, never longjmp).
    static func decodePNG(
        _ bytes: [UInt8], pixelLimit: Int, admit: ImageAdmission? = nil
    ) throws(ImagingError) -> GrayImage {
        if let refusal = bytes.withUnsafeBytes({ imageDataTooShort($0, pixelLimit: pixelLimit) }) { throw refusal }
        if let image = try PNGDirectReader.decode(bytes, pixelLimit: pixelLimit, admit: admit) { return image }
        return try decodePNGWithLibpng(bytes, pixelLimit: pixelLimit, admit: admit)
    }

    /// Decodes any PNG with libpng's simplified API.
    static func decodePNGWithLibpng(
        _ bytes: [UInt8], pixelLimit: Int, admit: ImageAdmission? = nil
    ) throws(ImagingError) -> GrayImage {
        // libpng keeps the input pointer between begin and finish, so both run inside one borrow.
        let result: Result<GrayImage, ImagingError> = bytes.withUnsafeBytes { raw in
            if let refusal = overlongAncillaryChunk(raw) ?? imageDataTooShort(raw, pixelLimit: pixelLimit) {
                return .failure(refusal)
            }
            let control = PNGControl()
            guard png_image_begin_read_from_memory(&control.image, raw.baseAddress, raw.count) != 0 else {
                return .failure(ImagingError(.corrupt, "corrupt PNG: \(control.message)"))
            }
            let width = Int(control.image.width)
            let height = Int(control.image.height)
            // Colour and alpha are read as 8-bit sRGB samples and reduced with our own BT.601 luma and
            // compositing on white, the same arithmetic as every other decoder here.
            let isColour = control.image.format & qrauth_png_format_flag_color() != 0
            let hasAlpha = control.image.format & qrauth_png_format_flag_alpha() != 0
            let channels = (isColour ? 3 : 1) + (hasAlpha ? 1 : 0)
            do throws(ImagingError) {
                // The samples, then (for more than one channel) the grey result.
                try checkDimensions(
                    width: width, height: height, pixelLimit: pixelLimit, format: "PNG",
                    bytesPerPixel: channels + (channels > 1 ? 1 : 0), admit: admit)
            } catch {
                return .failure(error)
            }
            control.image.format =
                (isColour ? qrauth_png_format_flag_color() : 0) | (hasAlpha ? qrauth_png_format_flag_alpha() : 0)
            var samples = [UInt8](repeating: 255, count: width * height * channels)
            let finished = samples.withUnsafeMutableBytes { out in
                png_image_finish_read(&control.image, nil, out.baseAddress, png_int_32(width * channels), nil)
            }
            guard finished != 0 else { return .failure(ImagingError(.corrupt, "corrupt PNG: \(control.message)")) }
            let pixels: [UInt8]
            if channels == 1 {
                pixels = samples
            } else {
                // One loop per layout over raw buffers: this ran per sample with bounds checks and two
                // branches, 7 % of scanning the jsqr-photos corpus (most of its PNGs take this path).
                pixels = [UInt8](unsafeUninitializedCapacity: width * height) { out, initialized in
                    samples.withUnsafeBufferPointer { source in
                        let count = width * height
                        switch (isColour, hasAlpha) {
                        case (true, false):
                            for index in 0..<count {
                                let base = index &* 3
                                out[index] = luma(source[base], source[base &+ 1], source[base &+ 2])
                            }
                        case (true, true):
                            for index in 0..<count {
                                let base = index &* 4
                                let value = luma(source[base], source[base &+ 1], source[base &+ 2])
                                out[index] = onWhite(value, alpha: source[base &+ 3])
                            }
                        default:
                            for index in 0..<count {
                                out[index] = onWhite(source[index &* 2], alpha: source[index &* 2 &+ 1])
                            }
                        }
                    }
                    initialized = width * height
                }
            }
            return .success(GrayImage(width: width, height: height, pixels: pixels))
        }
        return try result.get()
    }

    /// The most a zlib stream expands: 258 bytes from a 1-bit length and a 1-bit distance code (zlib's 1032:1).
    static let maximumInflateRatio = 1032

    /// A file whose `IDAT` bytes cannot inflate to the samples its header promises is truncated, whatever they
    /// hold: refused before an image-sized buffer is allocated, so a short file costs memory in proportion to its
    /// length (a 69-byte file claiming 20 000 × 20 000 pixels under a raised `--pixel-limit` allocated ~1 GB before
    /// libpng found the data missing). Headers over `pixelLimit` are left to the pixel-budget check.
    static func imageDataTooShort(_ bytes: UnsafeRawBufferPointer, pixelLimit: Int) -> ImagingError? {
        func word(_ offset: Int) -> Int { (0..<4).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) } }
        guard bytes.count >= 33, Array(bytes[12..<16]) == Array("IHDR".utf8), word(8) == 13 else { return nil }
        let (width, height) = (word(16), word(20))
        let channels: Int
        switch bytes[25] {
        case 0, 3: channels = 1
        case 2: channels = 3
        case 4: channels = 2
        case 6: channels = 4
        default: return nil
        }
        let depth = Int(bytes[24])
        guard width > 0, height > 0, width <= pixelLimit / height, [1, 2, 4, 8, 16].contains(depth) else { return nil }
        // Every pixel's samples are in the inflated data, interlaced or not (filter bytes come on top).
        let (bits, overflow) = (width * height).multipliedReportingOverflow(by: channels * depth)
        guard !overflow else { return nil }
        let samples = bits / 8
        var compressed = 0
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = word(offset)
            let type = Array(bytes[(offset + 4)..<(offset + 8)])
            if type == Array("IDAT".utf8) { compressed += min(length, max(0, bytes.count - offset - 8)) }
            if type == Array("IEND".utf8) || length > bytes.count - offset - 8 { break }
            offset += 12 + length
        }
        guard samples / maximumInflateRatio > compressed else { return nil }
        return ImagingError(
            .corrupt,
            "corrupt PNG: \(compressed) bytes of image data cannot hold \(width)×\(height) pixels (the file is cut short)"
        )
    }

    /// libpng reads an ancillary chunk (text, ICC profile, …) into a buffer of the length its header claims, zeroed
    /// first, and only then finds the data missing: a 100-byte file claiming 889 MB made 889 MB of touched memory
    /// (FuzzImageDecoder), past any pixel budget. A chunk never holds more than the bytes left in the file, so such a
    /// claim is refused before libpng sees the file. Critical chunks are left to libpng, which streams `IDAT`.
    /// The walk ends at `IEND`: libpng reads nothing after it, and files with bytes appended are common
    /// (FuzzPNGDirect found one whose trailing bytes looked like an overlong chunk).
    static func overlongAncillaryChunk(_ bytes: UnsafeRawBufferPointer) -> ImagingError? {
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = (0..<4).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
            let type = (4..<8).map { bytes[offset + $0] }
            guard type.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }),
                type != Array("IEND".utf8)
            else { return nil }
            let left = bytes.count - offset - 12
            if type[0] & 0x20 != 0, length > left {
                return ImagingError(
                    .corrupt,
                    "corrupt PNG: the \(String(decoding: type, as: UTF8.self)) chunk claims \(length) bytes, "
                        + "the file has \(max(left, 0)) left")
            }
            offset += 12 + length
        }
        return nil
    }
}
