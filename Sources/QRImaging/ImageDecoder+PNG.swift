internal import CPNG

extension ImageDecoder {
    /// Decodes a PNG with libpng's simplified API (errors come back as return values, never longjmp).
    static func decodePNG(_ bytes: [UInt8], pixelLimit: Int) throws(ImagingError) -> GrayImage {
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
            control.image.format = qrauth_png_format_gray()
            var pixels = [UInt8](repeating: 255, count: width * height)
            var white = png_color(red: 255, green: 255, blue: 255)
            let finished = pixels.withUnsafeMutableBytes { out in
                png_image_finish_read(&control.image, &white, out.baseAddress, png_int_32(width), nil)
            }
            guard finished != 0 else { return .failure(ImagingError(.corrupt, "corrupt PNG: \(control.message)")) }
            return .success(GrayImage(width: width, height: height, pixels: pixels))
        }
        return try result.get()
    }
}
