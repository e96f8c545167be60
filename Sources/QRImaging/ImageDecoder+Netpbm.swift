extension ImageDecoder {
    /// Decodes P1/P4 bitmaps, P2/P5 grey maps and P3/P6 pixel maps (any maxval 1–65535, scaled to 8 bits).
    static func decodeNetpbm(
        _ bytes: [UInt8], pixelLimit: Int, admit: ImageAdmission? = nil
    ) throws(ImagingError) -> GrayImage {
        let header = try NetpbmHeader(parsing: bytes)
        // Bitmaps go straight to grey; other maps hold 16-bit samples per channel, then the grey result.
        try checkDimensions(
            width: header.width, height: header.height, pixelLimit: pixelLimit, format: header.formatName,
            bytesPerPixel: header.isBitmap ? 1 : 2 * header.channels + 1, admit: admit)
        if header.isBitmap { return try decodeBitmap(bytes, header) }
        let count = header.width * header.height * header.channels
        let available = bytes.count - header.dataOffset
        let wide = header.maxValue > 255
        // Check the data can be there before allocating: a plain sample takes at least one digit and
        // a separator, a binary one one or two bytes.
        let needed = header.isPlain ? count * 2 - 1 : count * (wide ? 2 : 1)
        guard available >= needed else {
            throw ImagingError(
                .corrupt, "corrupt PGM/PPM: truncated raster, \(available) bytes for \(count) samples")
        }
        var samples = [UInt16](repeating: 0, count: count)
        if header.isPlain {
            var scanner = NetpbmScanner(bytes: bytes, offset: header.dataOffset)
            for index in 0..<count {
                let value: Int
                do {
                    value = try scanner.number(field: "sample \(index)")
                } catch {
                    throw ImagingError(
                        .corrupt, "corrupt PGM/PPM: \(index) of \(count) samples present (truncated or not a number)")
                }
                guard value <= header.maxValue else {
                    throw ImagingError(
                        .corrupt, "corrupt PGM/PPM: sample \(index) is \(value), above maxval \(header.maxValue)")
                }
                samples[index] = UInt16(value)
            }
        } else {
            bytes.withUnsafeBufferPointer { raw in
                let base = header.dataOffset
                for index in 0..<count {
                    samples[index] =
                        wide
                        ? UInt16(raw[base + 2 * index]) << 8 | UInt16(raw[base + 2 * index + 1])
                        : UInt16(raw[base + index])
                }
            }
        }
        let maxValue = header.maxValue
        if let bad = samples.firstIndex(where: { Int($0) > maxValue }) {
            throw ImagingError(.corrupt, "corrupt PGM/PPM: sample \(bad) is \(samples[bad]), above maxval \(maxValue)")
        }
        let scale = { (value: UInt16) -> UInt8 in UInt8((Int(value) * 255 + maxValue / 2) / maxValue) }
        var gray = [UInt8](repeating: 0, count: header.width * header.height)
        if header.channels == 1 {
            for index in gray.indices { gray[index] = scale(samples[index]) }
        } else {
            for index in gray.indices {
                gray[index] = luma(
                    scale(samples[3 * index]), scale(samples[3 * index + 1]), scale(samples[3 * index + 2]))
            }
        }
        return GrayImage(width: header.width, height: header.height, pixels: gray)
    }

    /// P1 (ASCII `0`/`1`, whitespace optional between them) or P4 (rows of packed bits, most
    /// significant first, each row padded to a whole byte): 1 is black, 0 white.
    private static func decodeBitmap(_ bytes: [UInt8], _ header: NetpbmHeader) throws(ImagingError) -> GrayImage {
        let (width, height) = (header.width, header.height)
        let count = width * height
        let available = bytes.count - header.dataOffset
        var pixels = [UInt8](repeating: 255, count: count)
        if header.isPlain {
            guard available >= count else {
                throw ImagingError(.corrupt, "corrupt PBM: truncated raster, \(available) bytes for \(count) pixels")
            }
            var offset = header.dataOffset
            for index in 0..<count {
                while offset < bytes.count, NetpbmHeader.isWhitespace(bytes[offset]) { offset += 1 }
                guard offset < bytes.count else {
                    throw ImagingError(.corrupt, "corrupt PBM: \(index) of \(count) pixels present (truncated)")
                }
                switch bytes[offset] {
                case UInt8(ascii: "0"): break
                case UInt8(ascii: "1"): pixels[index] = 0
                default:
                    throw ImagingError(.corrupt, "corrupt PBM: pixel \(index) is not 0 or 1 (byte \(offset))")
                }
                offset += 1
            }
        } else {
            let rowBytes = (width + 7) / 8
            guard available >= rowBytes * height else {
                throw ImagingError(
                    .corrupt, "corrupt PBM: truncated raster, \(available) bytes for \(rowBytes * height)")
            }
            for y in 0..<height {
                let row = header.dataOffset + y * rowBytes
                for x in 0..<width where bytes[row + x / 8] & (0x80 >> UInt8(x % 8)) != 0 { pixels[y * width + x] = 0 }
            }
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }
}
