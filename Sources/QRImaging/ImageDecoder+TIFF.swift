internal import CTIFF

extension ImageDecoder {
    /// Decodes the first image (directory) of a TIFF, classic or BigTIFF, with libtiff's RGBA interface: every
    /// photometric interpretation, bit depth and compression libtiff's RGBA reader handles (bilevel, grey, palette,
    /// RGB, CMYK, YCbCr; none, PackBits, LZW, Deflate, CCITT G3/G4, JPEG, …), alpha composited on white, the
    /// Orientation tag applied. libtiff reads the file from memory; its error text becomes the reason, its
    /// warnings are dropped, and none of its allocations may exceed what the pixel limit allows. The size passes
    /// the pixel limit before our buffers (RGBA, then grey) are made; a strip or tile that cannot be read
    /// (truncated, corrupt) makes the file corrupt.
    static func decodeTIFF(
        _ bytes: [UInt8], pixelLimit: Int, admit: ImageAdmission? = nil
    ) throws(ImagingError) -> GrayImage {
        let makeSource = { (file: UnsafeBufferPointer<UInt8>) -> qrauth_tiff_source in
            var source = qrauth_tiff_source()
            source.data = file.baseAddress
            source.size = UInt64(file.count)
            return source
        }
        return try withMemorySource(bytes, makeSource) { (pointer, _) throws(ImagingError) -> GrayImage in
            // Strips and tiles hold at most 8 bytes a pixel (four 16-bit samples); 1 MiB more for the small ones.
            let (budget, overflow) = pixelLimit.multipliedReportingOverflow(by: 8)
            let cap = overflow || budget > Int.max - (1 << 20) ? Int.max : budget + (1 << 20)
            guard let tiff = qrauth_tiff_open(pointer, Int64(cap)) else {
                throw ImagingError(.corrupt, "corrupt TIFF: \(message(pointer, or: "libtiff cannot open it"))")
            }
            defer { TIFFClose(tiff) }
            return try readTIFF(tiff, pointer, pixelLimit: pixelLimit, admit: admit)
        }
    }

    private static func readTIFF(
        _ tiff: OpaquePointer, _ source: UnsafeMutablePointer<qrauth_tiff_source>, pixelLimit: Int,
        admit: ImageAdmission?
    ) throws(ImagingError) -> GrayImage {
        var found: Int32 = 0
        let width = Int(qrauth_tiff_get_uint32(tiff, UInt32(TIFFTAG_IMAGEWIDTH), &found))
        guard found == 1 else { throw ImagingError(.corrupt, "corrupt TIFF: the image has no width") }
        let height = Int(qrauth_tiff_get_uint32(tiff, UInt32(TIFFTAG_IMAGELENGTH), &found))
        guard found == 1 else { throw ImagingError(.corrupt, "corrupt TIFF: the image has no height") }
        var reason = [CChar](repeating: 0, count: 1024)
        guard TIFFRGBAImageOK(tiff, &reason) == 1 else {
            let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ImagingError(
                .unsupportedFormat, "unsupported TIFF: \(text.isEmpty ? "libtiff cannot read it" : text)")
        }
        // libtiff's RGBA reader holds one strip or tile (of every plane, when they are separate) beside our RGBA
        // buffer and the grey result.
        let chunk = TIFFIsTiled(tiff) != 0 ? TIFFTileSize64(tiff) : TIFFStripSize64(tiff)
        let planes =
            qrauth_tiff_get_uint16(tiff, UInt32(TIFFTAG_PLANARCONFIG), &found) == PLANARCONFIG_SEPARATE
            ? Int(qrauth_tiff_get_uint16(tiff, UInt32(TIFFTAG_SAMPLESPERPIXEL), &found)) : 1
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        let libraryBytes = min(chunk, UInt64(Int32.max)) * UInt64(max(planes, 1))
        let libraryPerPixel = !overflow && pixels > 0 ? Int(libraryBytes / UInt64(pixels)) + 1 : 0
        try checkDimensions(
            width: width, height: height, pixelLimit: pixelLimit, format: "TIFF", bytesPerPixel: 5 + libraryPerPixel,
            admit: admit)
        var raster = [UInt32](repeating: 0, count: pixels)
        let status = raster.withUnsafeMutableBufferPointer { out in
            TIFFReadRGBAImageOriented(
                tiff, UInt32(width), UInt32(height), out.baseAddress, Int32(ORIENTATION_TOPLEFT), 1)
        }
        guard status == 1 else {
            throw ImagingError(.corrupt, "corrupt TIFF: \(message(source, or: "a strip or tile cannot be read"))")
        }
        var gray = [UInt8](repeating: 255, count: pixels)
        raster.withUnsafeBufferPointer { source in
            for index in gray.indices {
                let pixel = source[index]
                let value = luma(
                    UInt8(truncatingIfNeeded: pixel), UInt8(truncatingIfNeeded: pixel >> 8),
                    UInt8(truncatingIfNeeded: pixel >> 16))
                gray[index] = onWhite(value, alpha: UInt8(truncatingIfNeeded: pixel >> 24))
            }
        }
        return GrayImage(width: width, height: height, pixels: gray)
    }

    /// libtiff's first error message, or `fallback` when it gave none.
    private static func message(_ source: UnsafeMutablePointer<qrauth_tiff_source>, or fallback: String) -> String {
        let text = withUnsafeBytes(of: &source.pointee.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? fallback : text
    }
}
