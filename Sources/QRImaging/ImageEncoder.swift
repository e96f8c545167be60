internal import CPNG
internal import CTurboJPEG
internal import CWebP

public import FoundationEssentials

/// Encodes grey images to PNG, JPEG, WebP and PGM (test corpora, rendered QR codes).
public enum ImageEncoder {
    /// An 8-bit greyscale PNG.
    public static func png(_ image: GrayImage) throws(ImagingError) -> Data {
        try writePNG(
            width: image.width, height: image.height, format: qrauth_png_format_gray(), pixels: image.pixels,
            rowBytes: image.width)
    }

    /// An 8-bit RGBA PNG from `width * height * 4` samples.
    static func pngRGBA(width: Int, height: Int, rgba: [UInt8]) throws(ImagingError) -> Data {
        try writePNG(width: width, height: height, format: qrauth_png_format_rgba(), pixels: rgba, rowBytes: width * 4)
    }

    private static func writePNG(
        width: Int, height: Int, format: UInt32, pixels: [UInt8], rowBytes: Int
    )
        throws(ImagingError) -> Data
    {
        guard width > 0, height > 0, width <= Int(Int32.max / 4), height <= Int(Int32.max) else {
            throw ImagingError(.invalidOption, "cannot write a \(width) × \(height) PNG")
        }
        let control = PNGControl()
        control.image.width = UInt32(width)
        control.image.height = UInt32(height)
        control.image.format = format
        var size: png_alloc_size_t = 0
        let measured = pixels.withUnsafeBytes { raw in
            png_image_write_to_memory(&control.image, nil, &size, 0, raw.baseAddress, Int32(rowBytes), nil)
        }
        guard measured != 0 || size > 0 else {
            throw ImagingError(.libraryFailure, "libpng cannot write the image: \(control.message)")
        }
        var output = [UInt8](repeating: 0, count: Int(size))
        let written = pixels.withUnsafeBytes { raw in
            output.withUnsafeMutableBytes { out in
                png_image_write_to_memory(
                    &control.image, out.baseAddress, &size, 0, raw.baseAddress, Int32(rowBytes), nil)
            }
        }
        guard written != 0 else {
            throw ImagingError(.libraryFailure, "libpng cannot write the image: \(control.message)")
        }
        return Data(output.prefix(Int(size)))
    }

    /// A baseline greyscale JPEG at `quality` 1–100.
    public static func jpeg(_ image: GrayImage, quality: Int = 90) throws(ImagingError) -> Data {
        guard (1...100).contains(quality) else {
            throw ImagingError(.invalidOption, "JPEG quality must be 1–100, not \(quality)")
        }
        guard image.width > 0, image.height > 0 else {
            throw ImagingError(.invalidOption, "cannot write a \(image.width) × \(image.height) JPEG")
        }
        let compressor = try TurboJPEGHandle(compress: true)
        var buffer: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        defer { if let buffer { tjFree(buffer) } }
        let status = image.pixels.withUnsafeBufferPointer { source in
            tjCompress2(
                compressor.handle, source.baseAddress, Int32(image.width), 0, Int32(image.height),
                Int32(TJPF_GRAY.rawValue), &buffer, &size, Int32(TJSAMP_GRAY.rawValue), Int32(quality), 0)
        }
        guard status == 0, let buffer else {
            throw ImagingError(.libraryFailure, "TurboJPEG cannot write the image: \(compressor.message)")
        }
        return Data(bytes: buffer, count: Int(size))
    }

    /// A WebP, lossless or lossy at `quality` 0–100, from the grey image expanded to RGB.
    public static func webp(
        _ image: GrayImage, lossless: Bool = true, quality: Float = 90
    ) throws(ImagingError)
        -> Data
    {
        guard (0...100).contains(quality) else {
            throw ImagingError(.invalidOption, "WebP quality must be 0–100, not \(quality)")
        }
        guard image.width > 0, image.height > 0, image.width <= 16383, image.height <= 16383 else {
            throw ImagingError(
                .invalidOption, "WebP holds 1–16383 pixels per side, not \(image.width) × \(image.height)")
        }
        var rgb = [UInt8](repeating: 0, count: image.pixels.count * 3)
        for (index, value) in image.pixels.enumerated() {
            rgb[3 * index] = value
            rgb[3 * index + 1] = value
            rgb[3 * index + 2] = value
        }
        var output: UnsafeMutablePointer<UInt8>? = nil
        let size = rgb.withUnsafeBufferPointer { source in
            lossless
                ? WebPEncodeLosslessRGB(
                    source.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width * 3), &output)
                : WebPEncodeRGB(
                    source.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width * 3), quality,
                    &output)
        }
        defer { if let output { WebPFree(output) } }
        guard size > 0, let output else { throw ImagingError(.libraryFailure, "libwebp cannot encode the image") }
        return Data(bytes: output, count: size)
    }

    /// A binary PGM (P5, maxval 255).
    public static func pgm(_ image: GrayImage) -> Data {
        var data = Data("P5\n\(image.width) \(image.height)\n255\n".utf8)
        data.append(contentsOf: image.pixels)
        return data
    }
}
