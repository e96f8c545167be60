/// An output format for a rendered QR code.
public enum QRRenderFormat: String, Sendable, CaseIterable, Codable {
    /// A PNG image (greyscale for black on white, RGBA otherwise).
    case png
    /// An SVG document: one path of dark modules, sized in modules through `viewBox`.
    case svg
    /// UTF-8 half blocks for a terminal, two module rows per line.
    case terminal
    /// The module matrix as text, one line per module row.
    case text
}
