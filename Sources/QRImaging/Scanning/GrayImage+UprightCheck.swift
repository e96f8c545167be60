extension GrayImage {
    /// Whether this image, a code of `dimension` modules resampled upright at `scale` px a module with a
    /// 4-module quiet zone (`warped`), shows the code's timing patterns: row 6 and column 6 between the
    /// finder patterns alternate dark and light module by module. Where the module count guessed from
    /// the finders is wrong, or the finders belong to no code, the samples drift out of step with the
    /// modules and the alternation averages away. Compared with the contrast of the top-left finder
    /// pattern (dark core and ring against its light ring), the timing contrast must reach
    /// `timingShare`; a few hundred samples, against a ZBar run over the whole resampled image.
    func showsTimingPatterns(dimension: Int, scale: Int) -> Bool {
        guard dimension >= 21, scale > 0, width == (dimension + 8) * scale, height == width else { return false }
        func module(_ column: Int, _ row: Int) -> Int { uprightModule(column, row, scale: scale) }
        let finder = uprightFinderSums(scale: scale)
        let finderContrast = Double(finder.light) / 16 - Double(finder.dark) / 33
        guard finderContrast > 0 else { return false }
        // Timing modules 8 ... dimension − 9: dark at even indices.
        var dark = 0
        var light = 0
        var darkCount = 0
        var lightCount = 0
        for index in 8...(dimension - 9) {
            let sum = module(index, 6) + module(6, index)
            if index % 2 == 0 {
                dark += sum
                darkCount += 2
            } else {
                light += sum
                lightCount += 2
            }
        }
        guard darkCount > 0, lightCount > 0 else { return false }
        let timingContrast = Double(light) / Double(lightCount) - Double(dark) / Double(darkCount)
        return timingContrast >= Self.timingShare * finderContrast
    }

    /// The centre sample of module (`column`, `row`) of a code drawn upright at `scale` px a module with
    /// a 4-module quiet zone; the caller checks the image is that drawing's size.
    private func uprightModule(_ column: Int, _ row: Int, scale: Int) -> Int {
        Int(self[(column + 4) * scale + scale / 2, (row + 4) * scale + scale / 2])
    }

    /// The sums of the top-left finder pattern's 16 light-ring modules (Chebyshev distance 2 from its
    /// centre, (3, 3)) and of its 33 dark ones, in a code drawn upright at `scale` px a module.
    private func uprightFinderSums(scale: Int) -> (light: Int, dark: Int) {
        var light = 0
        var dark = 0
        for row in 0..<7 {
            for column in 0..<7 {
                if max(abs(column - 3), abs(row - 3)) == 2 {
                    light += uprightModule(column, row, scale: scale)
                } else {
                    dark += uprightModule(column, row, scale: scale)
                }
            }
        }
        return (light, dark)
    }

    /// The share of the finder contrast the timing contrast must reach (measured: 0.2 keeps every
    /// jsqr-photos and generated-corpus read).
    static let timingShare = 0.2

    /// The modules of this image, a code of `dimension` modules drawn upright at `scale` px a module with
    /// a 4-module quiet zone (`sampledCode`): each module's centre against the level halfway between the
    /// top-left finder's dark and light modules. Nil when `dimension` is no version's size or the image
    /// is not that drawing's size.
    func uprightModules(dimension: Int, scale: Int) -> UprightModules? {
        guard dimension >= 21, (dimension - 17) % 4 == 0, scale > 0, width == (dimension + 8) * scale,
            height == width, let layout = QRSymbolLayout(version: (dimension - 17) / 4)
        else { return nil }
        let finder = uprightFinderSums(scale: scale)
        // Halfway between the mean of the 16 light-ring modules and that of the 33 dark ones.
        let level = (finder.light * 33 + finder.dark * 16) / (2 * 16 * 33)
        var modules = [Bool](repeating: false, count: dimension * dimension)
        for row in 0..<dimension {
            for column in 0..<dimension {
                modules[row * dimension + column] = uprightModule(column, row, scale: scale) < level
            }
        }
        return UprightModules(layout: layout, modules: modules)
    }
}

/// The modules of a code drawn upright for ZBar (`GrayImage.uprightModules`), read back: what ZBar
/// will see in the drawing, checked for a fraction of a ZBar run.
struct UprightModules {
    let layout: QRSymbolLayout
    /// Row-major, `layout.size` a side; true is dark.
    let modules: [Bool]

    /// What the grid comes to. It corrects (`QRSegmentReader.correctedData`: format information,
    /// codewords, Reed–Solomon blocks) as drawn or transposed (the finder frame is always turned the
    /// same way, so a code seen mirrored is drawn transposed), or it `fails`: then ZBar, which reads
    /// such a drawing module for module, reads nothing either. A grid that corrects as drawn and holds
    /// only character segments (`QRBitstream.characterSegments`) is `read`: its payload is those
    /// segments' bytes, what ZBar reads from the drawing, so ZBar need not run. A grid that corrects
    /// only transposed (a mirrored code, whose corners ZBar orders its own way), or whose stream holds
    /// an ECI designator, structured append or FNC1 (which ZBar treats its own way), is left to ZBar.
    var reading: Reading {
        if let data = QRSegmentReader.correctedData(modules, layout: layout) {
            if let segments = QRBitstream.characterSegments(data, version: layout.version),
                segments.contains(where: { !$0.bytes.isEmpty })
            {
                return .read(segments)
            }
            return .forZBar
        }
        return QRSegmentReader.correctedData(transposed, layout: layout) != nil ? .forZBar : .fails
    }

    /// What a grid comes to (`reading`).
    enum Reading: Equatable {
        /// Read here: the segments, whose `payload` is not empty.
        case read([QRSegment])
        /// It corrects, and ZBar is to read it.
        case forZBar
        /// It does not correct as drawn or transposed: ZBar reads nothing there either.
        case fails
    }

    /// Whether both copies of the format information are within 3 bits of the same valid word, as
    /// drawn or transposed: evidence of a code even where its data does not correct. Noise does so in
    /// about two grids in a hundred (32 words, each copy within 3 bits of one with odds 576 in 32 768,
    /// both grids); a blank copy is 5 bits or more from every word.
    var showsFormatInformation: Bool {
        let size = layout.size
        return [
            layout.formatCopies { modules[$1 * size + $0] }, layout.formatCopies { modules[$0 * size + $1] },
        ].contains { copies in QRSymbolLayout.formatWords.contains { copies.bothWithin(3, of: $0.word) } }
    }

    /// The grid mirrored about its main diagonal.
    private var transposed: [Bool] {
        let size = layout.size
        var transposed = modules
        for row in 0..<size {
            for column in 0..<size { transposed[column * size + row] = modules[row * size + column] }
        }
        return transposed
    }
}
