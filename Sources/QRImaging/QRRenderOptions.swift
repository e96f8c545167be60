/// How a QR matrix becomes output: size, quiet zone, colours and text styles.
public struct QRRenderOptions: Sendable, Equatable {
    /// The largest PNG side we write, in pixels (8000² is the decoder's default 64-megapixel budget).
    public static let maximumImageSide = 8_000

    /// Pixels per module in PNG output (1–100, default 8); SVG uses it for its width and height.
    public var scale: Int
    /// Quiet zone around the symbol in modules (0–100, default 4), for every format.
    public var margin: Int
    /// The colour of dark modules (PNG, SVG).
    public var foreground: QRColor
    /// The colour of light modules and the quiet zone (PNG, SVG); alpha 0 leaves SVG without a background.
    public var background: QRColor
    /// Whether the terminal format may use ANSI colour codes (the caller decides from NO_COLOR and isatty).
    public var terminalColors: Bool
    /// Characters for the text format.
    public var textStyle: QRTextStyle

    /// Makes options: scale 8, margin 4, black on white, no ANSI colours, `1`/`0` text.
    public init(
        scale: Int = 8, margin: Int = 4, foreground: QRColor = .black, background: QRColor = .white,
        terminalColors: Bool = false, textStyle: QRTextStyle = .digits
    ) {
        self.scale = scale
        self.margin = margin
        self.foreground = foreground
        self.background = background
        self.terminalColors = terminalColors
        self.textStyle = textStyle
    }

    /// Throws `qr.invalid_option` when scale or margin is out of range.
    public func validate() throws(ImagingError) {
        guard (1...100).contains(scale) else {
            throw ImagingError(.invalidOption, "the scale must be 1–100 pixels per module, not \(scale)")
        }
        guard (0...100).contains(margin) else {
            throw ImagingError(.invalidOption, "the margin must be 0–100 modules, not \(margin)")
        }
    }

    /// Whether PNG output can be plain greyscale (opaque black on opaque white).
    var isBlackOnWhite: Bool { foreground == .black && background == .white }
}
