import struct FoundationEssentials.Data

/// Reads the segment structure (modes, ECI designators) of a QR code ZBar has read. ZBar in binary
/// mode gives only the concatenated segment bytes; the charset rules need the segments. The code is
/// sampled again through the four corners ZBar reports, its format information, codewords and
/// Reed–Solomon blocks read and corrected, and its bit stream parsed. The result is used only when
/// the segments' bytes are ZBar's payload (`zbarPayloads`), so a wrong sample never changes what is
/// reported.
enum QRSegmentReader {
    /// A projective map from the unit square (u, v ∈ [0, 1]) onto a quadrilateral.
    struct Homography {
        let a, b, c, d, e, f, g, h: Double

        /// The map taking (0,0), (1,0), (1,1), (0,1) to `p0`, `p1`, `p2`, `p3`.
        init(_ p0: ImagePoint, _ p1: ImagePoint, _ p2: ImagePoint, _ p3: ImagePoint) {
            let sx = p0.x - p1.x + p2.x - p3.x
            let sy = p0.y - p1.y + p2.y - p3.y
            let dx1 = p1.x - p2.x, dx2 = p3.x - p2.x
            let dy1 = p1.y - p2.y, dy2 = p3.y - p2.y
            let det = dx1 * dy2 - dx2 * dy1
            let g = det == 0 ? 0 : (sx * dy2 - dx2 * sy) / det
            let h = det == 0 ? 0 : (dx1 * sy - sx * dy1) / det
            self.a = p1.x - p0.x + g * p1.x
            self.b = p3.x - p0.x + h * p3.x
            self.c = p0.x
            self.d = p1.y - p0.y + g * p1.y
            self.e = p3.y - p0.y + h * p3.y
            self.f = p0.y
            self.g = g
            self.h = h
        }

        func apply(_ u: Double, _ v: Double) -> (x: Double, y: Double) {
            let w = g * u + h * v + 1
            return ((a * u + b * v + c) / w, (d * u + e * v + f) / w)
        }
    }

    /// The most orientation and version candidates tried in full.
    static let maxAttempts = 6

    /// The least timing score of a frame and version worth sampling in full.
    static let minimumTimingScore = 0.75

    /// The segments of the code at `corners` in `image` whose bytes are `payload`, or nil when they
    /// cannot be read back. `lightOnDark`: the code's dark modules are the light ones in `image`.
    static func segments(
        in image: GrayImage, corners: [ImagePoint], payload: Data, lightOnDark: Bool = false
    ) -> [QRSegment]? {
        guard corners.count == 4, image.width > 1, image.height > 1 else { return nil }
        let threshold = Sampler(
            image: image, threshold: threshold(in: image, corners: corners), lightOnDark: lightOnDark)
        let frames = frames(corners)
        // Score every frame and version by its timing patterns; try the best in full.
        var candidates: [(score: Double, frame: Int, version: Int)] = []
        for (index, frame) in frames.enumerated() {
            for version in 1...40 {
                let score = timingScore(
                    image, frame: frame, size: 17 + 4 * version, threshold: threshold, minimum: minimumTimingScore)
                if score >= minimumTimingScore { candidates.append((score, index, version)) }
            }
        }
        candidates.sort { $0.score != $1.score ? $0.score > $1.score : $0.version < $1.version }
        for candidate in candidates.prefix(maxAttempts) {
            guard let layout = QRSymbolLayout(version: candidate.version) else { continue }
            let modules = sample(image, frame: frames[candidate.frame], size: layout.size, threshold: threshold)
            if let segments = read(modules, layout: layout), zbarPayloads(of: segments).contains(payload) {
                return segments
            }
        }
        return nil
    }

    /// The eight ways four corners in ZBar's order may map onto the symbol's top-left, top-right,
    /// bottom-right, bottom-left corners: each corner first, going round either way. The first is the
    /// corners as given.
    static func frames(_ corners: [ImagePoint]) -> [Homography] {
        var frames: [Homography] = []
        for start in 0..<4 {
            let next = corners[(start + 1) % 4]
            let opposite = corners[(start + 2) % 4]
            let previous = corners[(start + 3) % 4]
            frames.append(Homography(corners[start], next, opposite, previous))
            frames.append(Homography(corners[start], previous, opposite, next))
        }
        return frames
    }

    /// What ZBar may have made of `segments` in binary mode: their bytes one after the other, or
    /// (measured on ZBar 0.23.92, as its source does) with the segments under an ISO-8859 (ECI 3–18)
    /// or Shift JIS (ECI 20) designator converted to UTF-8.
    static func zbarPayloads(of segments: [QRSegment]) -> [Data] {
        let raw = segments.payload
        var converted = Data()
        for segment in segments {
            if let eci = segment.eci, (3...18).contains(eci) || eci == 20, let charset = QRTextDecoder.eciCharsets[eci],
                let text = QRTextDecoder.convert(segment.bytes, from: charset.iconvName)
            {
                converted.append(contentsOf: text.utf8)
            } else {
                converted.append(segment.bytes)
            }
        }
        return [raw, converted]
    }

    /// The luminance halfway between the darkest and lightest tenth of a grid of samples inside the code.
    static func threshold(in image: GrayImage, corners: [ImagePoint]) -> Int {
        let frame = Homography(corners[0], corners[1], corners[2], corners[3])
        var values: [Int] = []
        for row in 0..<24 {
            for column in 0..<24 {
                values.append(Int(value(image, frame.apply((Double(column) + 0.5) / 24, (Double(row) + 0.5) / 24))))
            }
        }
        values.sort()
        return (values[values.count / 10] + values[values.count * 9 / 10]) / 2
    }

    /// The luminance at (x, y), interpolated bilinearly; the nearest edge pixel outside the image.
    static func value(_ image: GrayImage, _ point: (x: Double, y: Double)) -> Double {
        let x = min(max(point.x - 0.5, 0), Double(image.width - 1))
        let y = min(max(point.y - 0.5, 0), Double(image.height - 1))
        let x0 = min(Int(x), image.width - 2), y0 = min(Int(y), image.height - 2)
        let fx = x - Double(x0), fy = y - Double(y0)
        let top = Double(image[x0, y0]) * (1 - fx) + Double(image[x0 + 1, y0]) * fx
        let bottom = Double(image[x0, y0 + 1]) * (1 - fx) + Double(image[x0 + 1, y0 + 1]) * fx
        return top * (1 - fy) + bottom * fy
    }

    /// The image, the level between light and dark, and which side of it is dark.
    struct Sampler {
        let image: GrayImage
        let threshold: Int
        let lightOnDark: Bool
    }

    /// Whether the module at column `x`, row `y` of a `size`-module code in `frame` is dark.
    static func isDark(_ image: GrayImage, frame: Homography, size: Int, x: Int, y: Int, threshold: Sampler) -> Bool {
        let side = Double(size)
        let below =
            value(image, frame.apply((Double(x) + 0.5) / side, (Double(y) + 0.5) / side)) < Double(threshold.threshold)
        return below != threshold.lightOnDark
    }

    /// The share of the timing-pattern modules (row and column 6 between the finders) that alternate
    /// as they should, for a code of `size` modules in `frame`; 0 when the finder corners are not dark.
    /// With a `minimum`, the count stops (and 0 is returned) as soon as so many modules are wrong that
    /// the share cannot reach it; a score of at least `minimum` is the full score either way. Most of
    /// the 320 frame and version pairs tried per code fail on their first few modules.
    static func timingScore(
        _ image: GrayImage, frame: Homography, size: Int, threshold: Sampler, minimum: Double = 0
    ) -> Double {
        // The finder patterns' corners must be dark too, or any grid fine enough would score well.
        // Nine samples: checked before the timing patterns' 2 × (size − 16).
        var finder = 0
        for (x, y) in [
            (0, 0), (6, 0), (0, 6), (6, 6), (3, 3), (size - 1, 0), (size - 7, 6), (0, size - 1), (6, size - 7),
        ]
        where isDark(image, frame: frame, size: size, x: x, y: y, threshold: threshold) {
            finder += 1
        }
        guard finder >= 8 else { return 0 }
        let total = 2 * (size - 16)
        // More wrong modules than this and matches / total < minimum.
        let allowedMisses = Int((Double(total) * (1 - min(max(minimum, 0), 1))).rounded(.down))
        var misses = 0
        for index in 8..<(size - 8) {
            let dark = index % 2 == 0
            if isDark(image, frame: frame, size: size, x: index, y: 6, threshold: threshold) != dark { misses += 1 }
            if isDark(image, frame: frame, size: size, x: 6, y: index, threshold: threshold) != dark { misses += 1 }
            if misses > allowedMisses { return 0 }
        }
        return Double(total - misses) / Double(total)
    }

    /// Every module of a `size`-module code in `frame`, row-major; true is dark.
    static func sample(_ image: GrayImage, frame: Homography, size: Int, threshold: Sampler) -> [Bool] {
        var modules = [Bool](repeating: false, count: size * size)
        for y in 0..<size {
            for x in 0..<size {
                modules[y * size + x] = isDark(image, frame: frame, size: size, x: x, y: y, threshold: threshold)
            }
        }
        return modules
    }

    /// The segments of a sampled module grid: format information, unmasking, codewords, blocks
    /// corrected, bit stream parsed; nil when any step fails.
    static func read(_ modules: [Bool], layout: QRSymbolLayout) -> [QRSegment]? {
        correctedData(modules, layout: layout).flatMap { QRBitstream.segments($0, version: layout.version) }
    }

    /// The data codewords of a sampled module grid (row-major, `layout.size` a side): format information
    /// (the nearest valid word to either copy, at most 3 bits off), unmasking, codewords, blocks
    /// corrected; nil when the format information or a block cannot be corrected.
    static func correctedData(_ modules: [Bool], layout: QRSymbolLayout) -> [UInt8]? {
        let size = layout.size
        guard modules.count == size * size else { return nil }
        guard
            let format = layout.formatCopies(isDark: { modules[$1 * size + $0] }).nearest(
                in: QRSymbolLayout.formatWords),
            format.distance <= 3
        else { return nil }
        // The data codewords, unmasked, in placement order.
        var codewords = [UInt8](repeating: 0, count: layout.totalCodewords)
        var bit = 0
        for index in layout.dataModuleOrder() where bit < codewords.count * 8 {
            let (x, y) = (index % size, index / size)
            if modules[index] != QRSymbolLayout.masked(format.mask, x: x, y: y) {
                codewords[bit >> 3] |= 0x80 >> UInt8(bit & 7)
            }
            bit += 1
        }
        let ecc = QRSymbolLayout.eccPerBlock[format.level.tableIndex][layout.version - 1]
        var data: [UInt8] = []
        for entry in layout.blocks(codewords, level: format.level) {
            var block = entry.codewords
            guard ReedSolomonDecoder.correct(&block, eccCount: ecc) else { return nil }
            data += block[0..<entry.data]
        }
        return data
    }
}
