internal import CWebP

extension ImageDecoder {
    /// Decodes a still WebP to RGBA into our own buffer, then to grey composited on white.
    static func decodeWebP(
        _ bytes: [UInt8], pixelLimit: Int, admit: ImageAdmission? = nil
    ) throws(ImagingError) -> GrayImage {
        var features = WebPBitstreamFeatures()
        let status = bytes.withUnsafeBufferPointer { buffer in
            qrauth_webp_get_features(buffer.baseAddress, buffer.count, &features)
        }
        guard status == VP8_STATUS_OK else {
            throw ImagingError(.corrupt, "corrupt WebP: \(describe(status)) in the header")
        }
        guard features.has_animation == 0 else {
            throw ImagingError(.unsupportedFormat, "animated WebP is not supported; extract a frame first")
        }
        let width = Int(features.width)
        let height = Int(features.height)
        // RGBA from libwebp, then the grey result.
        try checkDimensions(
            width: width, height: height, pixelLimit: pixelLimit, format: "WebP", bytesPerPixel: 5, admit: admit)
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        let decoded = bytes.withUnsafeBufferPointer { buffer in
            rgba.withUnsafeMutableBufferPointer { out in
                WebPDecodeRGBAInto(buffer.baseAddress, buffer.count, out.baseAddress, out.count, Int32(width * 4))
            }
        }
        guard decoded != nil else {
            throw ImagingError(.corrupt, "corrupt WebP: the bitstream is truncated or invalid")
        }
        var gray = [UInt8](repeating: 255, count: width * height)
        rgba.withUnsafeBufferPointer { source in
            for index in gray.indices {
                let base = index * 4
                let value = luma(source[base], source[base + 1], source[base + 2])
                gray[index] = onWhite(value, alpha: source[base + 3])
            }
        }
        return GrayImage(width: width, height: height, pixels: gray)
    }

    private static func describe(_ status: VP8StatusCode) -> String {
        switch status {
        case VP8_STATUS_OUT_OF_MEMORY: "out of memory"
        case VP8_STATUS_INVALID_PARAM: "invalid parameter"
        case VP8_STATUS_BITSTREAM_ERROR: "bitstream error"
        case VP8_STATUS_UNSUPPORTED_FEATURE: "unsupported feature"
        case VP8_STATUS_NOT_ENOUGH_DATA: "not enough data (truncated file)"
        default: "status \(status.rawValue)"
        }
    }
}
