internal import CTurboJPEG

extension ImageDecoder {
    /// Decodes a JPEG to grey with TurboJPEG and applies its Exif orientation.
    ///
    /// Warnings are tolerated (the library still produced the picture) except a premature end of
    /// data, which means the file is truncated.
    static func decodeJPEG(
        _ bytes: [UInt8], pixelLimit: Int, admit: ImageAdmission? = nil
    ) throws(ImagingError) -> GrayImage {
        let decoder = try TurboJPEGHandle(compress: false)
        guard bytes.count <= Int(UInt32.max) else {
            throw ImagingError(.tooManyPixels, "the JPEG file is larger than 4 GiB")
        }
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let header = bytes.withUnsafeBufferPointer { buffer in
            tjDecompressHeader3(
                decoder.handle, buffer.baseAddress, UInt(buffer.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0 else { throw ImagingError(.corrupt, "corrupt JPEG: \(decoder.message)") }
        let isCMYK = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        let orientation = ExifOrientation.read(fromJPEG: bytes)
        // CMYK samples then the grey result, or grey straight away; an Exif orientation makes a turned copy.
        try checkDimensions(
            width: Int(width), height: Int(height), pixelLimit: pixelLimit, format: "JPEG",
            bytesPerPixel: (isCMYK ? 5 : 1) + (orientation == nil ? 0 : 1), admit: admit)
        let channels = isCMYK ? 4 : 1
        let pixelFormat = isCMYK ? TJPF_CMYK : TJPF_GRAY
        var samples = [UInt8](repeating: 255, count: Int(width) * Int(height) * channels)
        let flags = Int32(TJFLAG_LIMITSCANS)
        let status = bytes.withUnsafeBufferPointer { buffer in
            samples.withUnsafeMutableBufferPointer { out in
                tjDecompress2(
                    decoder.handle, buffer.baseAddress, UInt(buffer.count), out.baseAddress, width, 0, height,
                    pixelFormat.rawValue, flags)
            }
        }
        if status != 0 {
            let message = decoder.message
            if !decoder.lastFailureIsWarning || message.lowercased().contains("premature end") {
                throw ImagingError(.corrupt, "corrupt JPEG: \(message)")
            }
        }
        var image: GrayImage
        if isCMYK {
            // Adobe CMYK JPEGs store inverted inks: a stored value of 255 means no ink.
            var gray = [UInt8](repeating: 255, count: Int(width) * Int(height))
            for index in gray.indices {
                let base = index * 4
                let key = UInt32(samples[base + 3])
                let red = UInt8(UInt32(samples[base]) * key / 255)
                let green = UInt8(UInt32(samples[base + 1]) * key / 255)
                let blue = UInt8(UInt32(samples[base + 2]) * key / 255)
                gray[index] = luma(red, green, blue)
            }
            image = GrayImage(width: Int(width), height: Int(height), pixels: gray)
        } else {
            image = GrayImage(width: Int(width), height: Int(height), pixels: samples)
        }
        if let orientation {
            image = image.oriented(orientation)
        }
        return image
    }
}
