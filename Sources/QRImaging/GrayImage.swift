/// An 8-bit grayscale image, row-major, one byte per pixel, no row padding (0 = black, 255 = white).
public struct GrayImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height` luminance bytes, row after row.
    public var pixels: [UInt8]

    /// Wraps pixels; `pixels.count` must be `width * height`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height, "pixel count must be width * height")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A uniform image of one grey level.
    public init(width: Int, height: Int, fill: UInt8) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: fill, count: width * height))
    }

    /// The luminance at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> UInt8 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }
}
