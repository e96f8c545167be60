public import FoundationEssentials

/// Decodes PNG, JPEG, WebP, BMP, GIF, TIFF and Netpbm files into 8-bit grayscale, refusing oversized images before
/// allocating their pixels.
///
/// Colour is reduced to luminance (integer BT.601 weights where we convert ourselves); transparency
/// is composited on white; JPEG Exif orientation is applied. No decoder longjmps through Swift or
/// exits the process: libpng's simplified API, TurboJPEG, giflib and libtiff (its error handler set to keep
/// the message) report failures as return values.
public enum ImageDecoder {
    /// The default pixel budget: 64 megapixels.
    public static let defaultPixelLimit = 64_000_000

    /// Decodes `data`, detecting the format from its magic bytes.
    ///
    /// `admit`, when given, is told what the decoder is about to allocate for the pixels (after the
    /// header passed the pixel limit, before the allocation) and may refuse by throwing, or wait:
    /// `QRBatchScanner` reserves that much of its memory budget there.
    public static func decode(
        _ data: some DataProtocol, pixelLimit: Int = defaultPixelLimit, admit: ImageAdmission? = nil
    ) throws(ImagingError)
        -> GrayImage
    {
        try decodeWithFormat(data, pixelLimit: pixelLimit, admit: admit).image
    }

    /// Decodes `data` and also reports which format it was.
    public static func decodeWithFormat(
        _ data: some DataProtocol, pixelLimit: Int = defaultPixelLimit, admit: ImageAdmission? = nil
    )
        throws(ImagingError) -> (image: GrayImage, format: ImageFormat)
    {
        let bytes = [UInt8](data)
        guard !bytes.isEmpty else { throw ImagingError(.emptyInput, "the image is empty (zero bytes)") }
        guard let format = ImageFormat.detect(bytes) else {
            throw ImagingError(
                .unsupportedFormat,
                "not a PNG, JPEG, WebP, BMP, GIF, TIFF or PBM/PGM/PPM image (unrecognised leading bytes)")
        }
        let image: GrayImage
        switch format {
        case .png: image = try decodePNG(bytes, pixelLimit: pixelLimit, admit: admit)
        case .jpeg: image = try decodeJPEG(bytes, pixelLimit: pixelLimit, admit: admit)
        case .webp: image = try decodeWebP(bytes, pixelLimit: pixelLimit, admit: admit)
        case .netpbm: image = try decodeNetpbm(bytes, pixelLimit: pixelLimit, admit: admit)
        case .bmp: image = try decodeBMP(bytes, pixelLimit: pixelLimit, admit: admit)
        case .gif: image = try decodeGIF(bytes, pixelLimit: pixelLimit, admit: admit)
        case .tiff: image = try decodeTIFF(bytes, pixelLimit: pixelLimit, admit: admit)
        }
        return (image, format)
    }

    /// Checks header dimensions against the budget before anything is allocated, then tells `admit`
    /// what the decoder will allocate: `bytesPerPixel` is the decoder's peak over all its pixel
    /// buffers (say 4 for an RGBA buffer plus 1 for the grey result).
    static func checkDimensions(
        width: Int, height: Int, pixelLimit: Int, format: String, bytesPerPixel: Int = 1,
        admit: ImageAdmission? = nil
    ) throws(ImagingError) {
        guard width > 0, height > 0 else {
            throw ImagingError(.corrupt, "the \(format) header gives a size of \(width) × \(height) pixels")
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= pixelLimit else {
            throw ImagingError(
                .tooManyPixels,
                "the \(format) image is \(width) × \(height) pixels, over the budget of \(pixelLimit) pixels")
        }
        let (bytes, bytesOverflow) = pixels.multipliedReportingOverflow(by: bytesPerPixel)
        guard !bytesOverflow else {
            throw ImagingError(
                .tooManyPixels, "the \(format) image is \(width) × \(height) pixels, too many to decode here")
        }
        try admit?(ImageAllocation(width: width, height: height, bytes: bytes))
    }

    /// Runs `body` with a C reader's in-memory source, made over the file's bytes by `makeSource`, kept at one
    /// address for the whole call (the reader holds a pointer to it); `body` also gets the file's size.
    static func withMemorySource<Source>(
        _ bytes: [UInt8], _ makeSource: (UnsafeBufferPointer<UInt8>) -> Source,
        _ body: (UnsafeMutablePointer<Source>, Int) throws(ImagingError) -> GrayImage
    ) throws(ImagingError) -> GrayImage {
        try bytes.withUnsafeBufferPointer { (file) throws(ImagingError) -> GrayImage in
            var source = makeSource(file)
            return try withUnsafeMutablePointer(to: &source) { (pointer) throws(ImagingError) -> GrayImage in
                try body(pointer, file.count)
            }
        }
    }

    /// Integer BT.601 luma of an sRGB triple.
    @inline(__always)
    static func luma(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> UInt8 {
        // At most 255 · 256 + 128: nothing overflows, and the wrapping operators spare the checks.
        let sum = 77 &* UInt32(red) &+ 150 &* UInt32(green) &+ 29 &* UInt32(blue) &+ 128
        return UInt8(truncatingIfNeeded: sum &>> 8)
    }

    /// Composites a grey value with alpha onto white.
    @inline(__always)
    static func onWhite(_ value: UInt8, alpha: UInt8) -> UInt8 {
        // At most 255 · 255 + 127 before the division: nothing overflows.
        let a = UInt32(alpha)
        let covered = UInt32(value) &* a
        let background = 255 &* (255 &- a)
        return UInt8(truncatingIfNeeded: (covered &+ background &+ 127) / 255)
    }
}
