internal import CPNG

/// Owns a libpng simplified-API state (`png_image`) and frees it in `deinit`.
final class PNGControl {
    var image = png_image()

    init() {
        image.version = qrauth_png_image_version()
    }

    /// libpng's own message for the last failure or warning.
    var message: String {
        let text = withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "libpng failed without a message" : text
    }

    deinit {
        png_image_free(&image)
    }
}
