/// An image file format the decoder recognises by its leading bytes.
public enum ImageFormat: String, Sendable, CaseIterable, Codable {
    /// Portable Network Graphics.
    case png
    /// JPEG (JFIF or Exif).
    case jpeg
    /// WebP, lossy or lossless.
    case webp
    /// Netpbm bitmap, grey map or pixel map (P1–P6).
    case netpbm
    /// Windows bitmap (`BM`), uncompressed or with bit fields.
    case bmp
    /// GIF (87a or 89a); the first frame.
    case gif
    /// TIFF, classic or BigTIFF, either byte order; the first image.
    case tiff

    /// Detects the format from the first bytes, or nil when they match none we decode.
    public static func detect(_ bytes: some Collection<UInt8>) -> ImageFormat? {
        let head = Array(bytes.prefix(16))
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        // "BM", then a file size and two reserved words; the info header's size at byte 14.
        if head.count >= 16, head.starts(with: Array("BM".utf8)),
            [12, 40, 52, 56, 64, 108, 124].contains(Int(head[14]) | Int(head[15]) << 8)
        {
            return .bmp
        }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return .gif }
        // "II" (little-endian) or "MM" (big-endian), then 42 (classic) or 43 (BigTIFF) in that byte order.
        if head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
            || head.starts(with: [0x49, 0x49, 0x2B, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2B])
        {
            return .tiff
        }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        if head.count >= 3, head[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(head[1]),
            NetpbmHeader.isWhitespace(head[2]) || head[2] == UInt8(ascii: "#")
        {
            return .netpbm
        }
        return nil
    }
}
