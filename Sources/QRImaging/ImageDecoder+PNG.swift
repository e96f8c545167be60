internal import CPNG

extension ImageDecoder {
    /// Decodes a PNG: the common 8-bit layouts directly (`PNGDirectReader`), everything else with
    /// libpng's simplified API (errors come back as return values, never longjmp).
    static func decodePNG(_ bytes: [UInt8], pixelLimit: Int) throws(ImagingError) -> GrayImage {
        if let image = try PNGDirectReader.decode(bytes, pixelLimit: pixelLimit) { return image }
        return try decodePNGWithLibpng(bytes, pixelLimit: pixelLimit)
    }

    /// Decodes any PNG with libpng's simplified API.
    static func decodePNGWithLibpng(_ bytes: [UInt8], pixelLimit: Int) throws(ImagingError) -> GrayImage {
        // libpng keeps the input pointer between begin and finish, so both run inside one borrow.
        let result: Result<GrayImage, ImagingError> = bytes.withUnsafeBytes { raw in
            let control = PNGControl()
            guard png_image_begin_read_from_memory(&control.image, raw.baseAddress, raw.count) != 0 else {
                return .failure(ImagingError(.corrupt, "corrupt PNG: \(control.message)"))
            }
            let width = Int(control.image.width)
            let height = Int(control.image.height)
            do throws(ImagingError) {
                try checkDimensions(width: width, height: height, pixelLimit: pixelLimit, format: "PNG")
            } catch {
                return .failure(error)
            }
            // Colour and alpha are read as 8-bit sRGB samples and reduced with our own BT.601 luma and
            // compositing on white, the same arithmetic as every other decoder here.
            let isColour = control.image.format & qrauth_png_format_flag_color() != 0
            let hasAlpha = control.image.format & qrauth_png_format_flag_alpha() != 0
            let channels = (isColour ? 3 : 1) + (hasAlpha ? 1 : 0)
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
                pixels = [UInt8](unsafeUninitializedCapacity: width * height) { out, initialized in
                    for index in 0..<(width * height) {
                        let base = index * channels
                        let value = isColour ? luma(samples[base], samples[base + 1], samples[base + 2]) : samples[base]
                        out[index] = hasAlpha ? onWhite(value, alpha: samples[base + channels - 1]) : value
                    }
                    initialized = width * height
                }
            }
            return .success(GrayImage(width: width, height: height, pixels: pixels))
        }
        return try result.get()
    }
}
