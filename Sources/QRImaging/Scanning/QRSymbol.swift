public import struct Foundation.Data

/// One decoded symbol: its exact payload bytes, where it is, and which scan pass found it.
public struct QRSymbol: Sendable, Equatable {
    /// The payload bytes exactly as encoded (ZBar runs in binary mode: no charset guessing).
    public let bytes: Data
    /// The payload read as strict UTF-8, or nil when the bytes are not valid UTF-8.
    public let text: String?
    /// The symbol's corner points in the original image's coordinates, whichever pass found it.
    public let points: [ImagePoint]
    /// The symbology (QR Code unless the scanner was widened).
    public let symbology: Symbology
    /// The name of the pass that found it (`QRScanPass.rawValue`, e.g. `plain`, `inverted`, `rotated-45`).
    public let pass: QRScanPass

    /// Makes a symbol; `text` is derived from `bytes` as strict UTF-8.
    public init(bytes: Data, points: [ImagePoint], symbology: Symbology, pass: QRScanPass) {
        self.bytes = bytes
        self.text = QRSymbol.strictUTF8(bytes)
        self.points = points
        self.symbology = symbology
        self.pass = pass
    }

    /// The area inside the corner points (shoelace formula), in square pixels.
    var polygonArea: Double {
        guard points.count >= 3 else { return 0 }
        var twice = 0.0
        for (index, point) in points.enumerated() {
            let next = points[(index + 1) % points.count]
            twice += point.x * next.y - next.x * point.y
        }
        return abs(twice) / 2
    }

    /// Whether `point` lies inside the corner polygon (even–odd rule).
    func contains(_ point: ImagePoint) -> Bool {
        guard points.count >= 3 else { return false }
        var inside = false
        var previous = points[points.count - 1]
        for corner in points {
            if (corner.y > point.y) != (previous.y > point.y),
                point.x < (previous.x - corner.x) * (point.y - corner.y) / (previous.y - corner.y) + corner.x
            {
                inside.toggle()
            }
            previous = corner
        }
        return inside
    }

    /// The centre of the corner points.
    var centre: ImagePoint {
        guard !points.isEmpty else { return ImagePoint(x: 0, y: 0) }
        let count = Double(points.count)
        return ImagePoint(x: points.map(\.x).reduce(0, +) / count, y: points.map(\.y).reduce(0, +) / count)
    }

    /// Whether `other` is this code found again (same bytes, centres closer than half its size) rather
    /// than a second copy of the same payload elsewhere in the image.
    func isSameCode(as other: QRSymbol) -> Bool {
        guard bytes == other.bytes, symbology == other.symbology else { return false }
        let (a, b) = (centre, other.centre)
        let distance = ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
        return distance < max(polygonArea, other.polygonArea).squareRoot() / 2
    }

    /// Decodes UTF-8 without repairing anything: any invalid sequence gives nil.
    static func strictUTF8(_ bytes: Data) -> String? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var scalars = String.UnicodeScalarView()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .emptyInput: return String(scalars)
            case .error: return nil
            }
        }
    }
}
