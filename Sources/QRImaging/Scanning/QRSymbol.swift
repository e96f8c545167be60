public import struct FoundationEssentials.Data

/// One decoded symbol: its exact payload bytes, where it is, and which scan pass found it.
public struct QRSymbol: Sendable, Equatable {
    /// The payload bytes exactly as encoded (ZBar runs in binary mode: no charset guessing): the
    /// segments' bytes one after the other, Kanji mode as Shift JIS.
    public let bytes: Data
    /// The payload as text, each run of segments in its charset (`QRTextDecoder`); nil when part of it
    /// is binary (ECI 899, or guessed bytes that hold control characters and are neither UTF-8 nor
    /// Shift JIS) or not valid in the charset its ECI designator names.
    public let text: String?
    /// The charsets `text` was decoded with and where each came from, in order of first use.
    public let charsets: [QRCharsetUse]
    /// The segments (modes, ECI designators) when they could be read back from the image; nil when
    /// not (the text is then guessed from `bytes` as one segment without designator).
    public let segments: [QRSegment]?
    /// The symbol's corner points in the original image's coordinates, whichever pass found it.
    public let points: [ImagePoint]
    /// The symbology (QR Code unless the scanner was widened).
    public let symbology: Symbology
    /// The name of the pass that found it (`QRScanPass.rawValue`, e.g. `plain`, `inverted`, `rotated-45`).
    public let pass: QRScanPass
    /// For a QR code, its model: 2 (today's QR Code, which ZBar reads) or 1 (the form before 2000,
    /// read by `QRModel1Reader`); nil for other symbologies.
    public let model: Model?

    /// The model of a QR code.
    public enum Model: String, Sendable {
        /// QR Code Model 1 (AIM ITS 97-001, JIS X 0510:1999), versions 1–14.
        case model1 = "model-1"
        /// QR Code Model 2 (ISO/IEC 18004), versions 1–40.
        case model2 = "model-2"
    }

    /// Makes a symbol; `text` and `charsets` are derived from `segments` when given, else from `bytes`
    /// as one segment without designator. `model` defaults to model 2 for a QR code, nil otherwise.
    public init(
        bytes: Data, points: [ImagePoint], symbology: Symbology, pass: QRScanPass, segments: [QRSegment]? = nil,
        model: Model? = nil
    ) {
        self.bytes = bytes
        (self.text, self.charsets) =
            segments.map { QRTextDecoder.decode($0) } ?? QRTextDecoder.decode(bytes: bytes)
        self.segments = segments
        self.points = points
        self.symbology = symbology
        self.pass = pass
        self.model = model ?? (symbology == .qrCode ? .model2 : nil)
    }

    /// This symbol with other points and pass (a code found on a view, reported in the original image).
    func moved(points: [ImagePoint], pass: QRScanPass) -> QRSymbol {
        QRSymbol(bytes: bytes, points: points, symbology: symbology, pass: pass, segments: segments, model: model)
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
