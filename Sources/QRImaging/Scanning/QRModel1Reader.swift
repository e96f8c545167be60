import struct FoundationEssentials.Data

/// Reads QR Code Model 1 symbols (`QRModel1Layout`), which ZBar does not. Used on the `finders` pass's
/// views of a finder group that ZBar did not read: each is the code drawn upright with a known module
/// grid. The format information decides first, from 30 samples: only a grid whose format words are
/// nearer a model 1 word than any model 2 word is read further, so a model 2 code never is.
enum QRModel1Reader {
    /// A decoded model 1 symbol.
    struct Decoded: Equatable {
        let bytes: Data
        let segments: [QRSegment]
        let version: Int
        let level: QRErrorCorrection
    }

    /// The level and mask of the format information read through `isDark(x, y)` of a `size`-module
    /// grid: the model 1 word nearest either copy, when at most 3 bits off and strictly nearer than
    /// every model 2 word; nil otherwise. `distance`: bits from the nearer copy to that word; `bothCopies`:
    /// the other copy is within 3 bits of it too.
    static func format(
        size: Int, isDark: (Int, Int) -> Bool
    ) -> (level: QRErrorCorrection, mask: Int, distance: Int, bothCopies: Bool)? {
        guard let layout = QRSymbolLayout(version: (size - 17) / 4), layout.size == size else { return nil }
        let copies = layout.formatCopies(isDark: isDark)
        guard let model1 = copies.nearest(in: QRModel1Layout.formatWords), model1.distance <= 3,
            let model2 = copies.nearest(in: QRSymbolLayout.formatWords), model1.distance < model2.distance
        else { return nil }
        return (model1.level, model1.mask, model1.distance, copies.bothWithin(3, of: model1.word))
    }

    /// Decodes a sampled grid of `size` modules (row-major, true dark): format information, codewords
    /// unmasked, blocks corrected, bit stream parsed; nil when any step fails.
    static func decode(_ modules: [Bool], size: Int) -> Decoded? {
        guard let layout = QRModel1Layout(size: size), modules.count == size * size,
            let format = format(size: size, isDark: { modules[$1 * size + $0] })
        else { return nil }
        var codewords: [UInt8] = layout.slots.map { slot in
            slot.enumerated().reduce(0) { byte, item in
                let (x, y) = (item.element % size, item.element / size)
                return modules[item.element] != QRSymbolLayout.masked(format.mask, x: x, y: y)
                    ? byte | 0x80 >> UInt8(item.offset) : byte
            }
        }
        // The first codeword's high half (the bottom-right 2 × 2 modules) is the stream's four 0 bits;
        // it is not read from the symbol (zxing-cpp ignores that corner too).
        if !codewords.isEmpty { codewords[0] &= 0x0F }
        let shape = layout.blocks(level: format.level)
        guard let blocks = layout.blocks(codewords, level: format.level) else { return nil }
        var data: [UInt8] = []
        for var block in blocks {
            guard ReedSolomonDecoder.correct(&block, eccCount: shape.ecc) else { return nil }
            data += block[0..<shape.data]
        }
        guard let segments = QRBitstream.segments(data, version: layout.version, model1: true), !segments.isEmpty
        else { return nil }
        return Decoded(bytes: segments.payload, segments: segments, version: layout.version, level: format.level)
    }

    /// The offsets (in modules, along x and y) of the bottom-right corner tried when sampling a view, nearest
    /// first: a view's frame comes from the three finder patterns, and model 1 has no alignment pattern
    /// to fix its fourth corner, which a tilted code's view misses by a module or two.
    static let cornerOffsets: [(x: Double, y: Double)] = {
        var offsets: [(x: Double, y: Double)] = []
        for x in -4...4 {
            for y in -4...4 { offsets.append((x: Double(x) / 2, y: Double(y) / 2)) }
        }
        func length(_ offset: (x: Double, y: Double)) -> Double { offset.x * offset.x + offset.y * offset.y }
        return offsets.sorted { length($0) < length($1) }
    }()

    /// The corner offsets (`cornerOffsets`, nearest first) to decode a view with, by the evidence of its format
    /// information, since every try is a decode:
    /// - both copies within 3 bits of one model 1 word, one of them within a bit: all 81 (every model 1 fixture,
    ///   blurred, tilted and damaged ones too, reads at 0 bits);
    /// - both copies at 2–3 bits: the 9 within half a module. Views of model 2 codes that nothing read (blurred,
    ///   slanted) come this way, both copies of a damaged model 2 word 2–3 bits from a model 1 word, and paid 81
    ///   decodes each;
    /// - a lone copy within a bit: the nominal corner. One copy within 3 bits of some word is common in views of
    ///   anything (noise, model 2 codes nothing read): none.
    static func cornersToTry(bothCopies: Bool, distance: Int) -> ArraySlice<(x: Double, y: Double)> {
        if bothCopies { return cornerOffsets.prefix(distance <= 1 ? cornerOffsets.count : 9) }
        return cornerOffsets.prefix(distance <= 1 ? 1 : 0)
    }

    /// The model 1 symbol on an upright view of a code `dimension` modules on a side, `scale` pixels a
    /// module inside a 4-module quiet zone (a `finders` pass view); tried as drawn and mirrored, and with
    /// the bottom-right corner moved by each of `cornersToTry` until the blocks correct. Its points are
    /// the view's, in ZBar's order (top-left, bottom-left, bottom-right, top-right). Nil unless the
    /// format information is model 1's and the symbol decodes.
    static func symbol(inView image: GrayImage, dimension: Int, scale: Double) -> QRSymbol? {
        guard QRModel1Layout(size: dimension) != nil, scale >= 1, scale <= 64,
            image.width >= Int(Double(dimension) * scale), image.height >= Int(Double(dimension) * scale)
        else { return nil }
        let near = 4 * scale, far = Double(4 + dimension) * scale, side = Double(dimension)
        func value(_ point: (x: Double, y: Double)) -> Int {
            guard point.x.isFinite, point.y.isFinite, point.x >= 0, point.y >= 0, point.x < Double(image.width),
                point.y < Double(image.height)
            else { return 255 }
            return Int(image[Int(point.x), Int(point.y)])
        }
        func value(_ x: Int, _ y: Int) -> Int { value(((Double(4 + x) + 0.5) * scale, (Double(4 + y) + 0.5) * scale)) }
        // The level between light and dark: halfway between the extremes of the three finder patterns.
        var low = 255, high = 0
        for (left, top) in [(0, 0), (dimension - 7, 0), (0, dimension - 7)] {
            for y in top..<(top + 7) {
                for x in left..<(left + 7) {
                    let sample = value(x, y)
                    low = min(low, sample)
                    high = max(high, sample)
                }
            }
        }
        guard high - low >= 32 else { return nil }
        let threshold = (low + high) / 2
        for mirrored in [false, true] {
            // The format information lies beside the finders, where the frame is right: checked once.
            let atGrid: (Int, Int) -> Bool = { x, y in mirrored ? value(y, x) < threshold : value(x, y) < threshold }
            guard let format = format(size: dimension, isDark: atGrid) else { continue }
            let offsets = cornersToTry(bothCopies: format.bothCopies, distance: format.distance)
            for offset in offsets {
                let corner = ImagePoint(x: far + offset.x * scale, y: far + offset.y * scale)
                let frame = QRSegmentReader.Homography(
                    ImagePoint(x: near, y: near), ImagePoint(x: far, y: near), corner, ImagePoint(x: near, y: far))
                var modules = [Bool](repeating: false, count: dimension * dimension)
                for y in 0..<dimension {
                    for x in 0..<dimension {
                        let (u, v) = mirrored ? (y, x) : (x, y)
                        modules[y * dimension + x] =
                            value(frame.apply((Double(u) + 0.5) / side, (Double(v) + 0.5) / side)) < threshold
                    }
                }
                guard let decoded = decode(modules, size: dimension) else { continue }
                return QRSymbol(
                    bytes: decoded.bytes,
                    points: [
                        ImagePoint(x: near, y: near), ImagePoint(x: near, y: far), corner, ImagePoint(x: far, y: near),
                    ],
                    symbology: .qrCode, pass: .finders, segments: decoded.segments, model: .model1)
            }
        }
        return nil
    }
}
