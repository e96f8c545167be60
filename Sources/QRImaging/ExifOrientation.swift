/// The Exif Orientation tag (0x0112): how the stored pixels must be turned to display upright.
public enum ExifOrientation: Int, Sendable, CaseIterable {
    /// Stored upright.
    case up = 1
    /// Mirrored left to right.
    case upMirrored = 2
    /// Rotated 180°.
    case down = 3
    /// Mirrored top to bottom.
    case downMirrored = 4
    /// Transposed (mirrored about the main diagonal).
    case leftMirrored = 5
    /// Needs a 90° clockwise turn to display.
    case right = 6
    /// Transversed (mirrored about the anti-diagonal).
    case rightMirrored = 7
    /// Needs a 90° counter-clockwise turn to display.
    case left = 8

    /// Whether displaying swaps width and height.
    public var swapsDimensions: Bool { rawValue >= 5 }

    /// Finds the Orientation in a JPEG's APP1 Exif IFD0, or nil when absent or unreadable.
    ///
    /// Only the marker segments before the first scan are walked; every offset is bounds-checked, so
    /// a malformed Exif block is ignored rather than trusted.
    public static func read(fromJPEG bytes: [UInt8]) -> ExifOrientation? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF {
                offset += 1  // fill byte
                continue
            }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 {
                offset += 2
                continue
            }
            if marker == 0xDA || marker == 0xD9 { return nil }  // start of scan or end of image
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
            let segment = bytes[(offset + 4)..<(offset + 2 + length)]
            if marker == 0xE1, let orientation = fromExifSegment(Array(segment)) { return orientation }
            offset += 2 + length
        }
        return nil
    }

    /// Reads the Orientation from an APP1 payload that starts with `Exif\0\0`.
    static func fromExifSegment(_ segment: [UInt8]) -> ExifOrientation? {
        let exifHeader: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]
        guard segment.count >= 6 + 8, segment.starts(with: exifHeader) else { return nil }
        let tiff = Array(segment[6...])
        let littleEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            let a = Int(tiff[at])
            let b = Int(tiff[at + 1])
            return littleEndian ? a | b << 8 : a << 8 | b
        }
        func u32(_ at: Int) -> Int? {
            guard let low = u16(littleEndian ? at : at + 2), let high = u16(littleEndian ? at + 2 : at) else {
                return nil
            }
            return high << 16 | low
        }
        guard u16(2) == 42, let ifd0 = u32(4), let count = u16(ifd0) else { return nil }
        for index in 0..<count {
            let entry = ifd0 + 2 + index * 12
            guard let tag = u16(entry), let type = u16(entry + 2), let components = u32(entry + 4) else {
                return nil
            }
            guard tag == 0x0112 else { continue }
            guard type == 3, components >= 1, let value = u16(entry + 8) else { return nil }
            return ExifOrientation(rawValue: value)
        }
        return nil
    }
}
