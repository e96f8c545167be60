/// An sRGB colour with alpha, written `#RRGGBB` or `#RRGGBBAA`.
public struct QRColor: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Red, 0–255.
    public var red: UInt8
    /// Green, 0–255.
    public var green: UInt8
    /// Blue, 0–255.
    public var blue: UInt8
    /// Opacity, 0 (transparent) – 255 (opaque).
    public var alpha: UInt8

    /// Makes a colour from its components.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Opaque black.
    public static let black = QRColor(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = QRColor(red: 255, green: 255, blue: 255)

    /// Parses `#RRGGBB` or `#RRGGBBAA` (the `#` is optional); throws `qr.invalid_option` otherwise.
    public init(hex: String) throws(ImagingError) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        let values = digits.utf8.map { byte -> UInt8? in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        guard values.count == 6 || values.count == 8, values.allSatisfy({ $0 != nil }) else {
            throw ImagingError(.invalidOption, "a colour must be #RRGGBB or #RRGGBBAA in hexadecimal, not '\(hex)'")
        }
        let nibbles = values.compactMap { $0 }
        let component = { (index: Int) -> UInt8 in nibbles[2 * index] << 4 | nibbles[2 * index + 1] }
        self.init(
            red: component(0), green: component(1), blue: component(2), alpha: nibbles.count == 8 ? component(3) : 255)
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var hex: String {
        let parts = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
        return "#"
            + parts.map { byte in
                let text = String(byte, radix: 16, uppercase: true)
                return text.count == 1 ? "0" + text : text
            }.joined()
    }

    /// The hex form.
    public var description: String { hex }

    /// The grey level this colour shows on a white page (BT.601 luma, alpha composited on white).
    public var luminanceOnWhite: UInt8 {
        ImageDecoder.onWhite(ImageDecoder.luma(red, green, blue), alpha: alpha)
    }
}
