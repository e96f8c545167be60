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
        func module(_ column: Int, _ row: Int) -> Int {
            Int(self[(column + 4) * scale + scale / 2, (row + 4) * scale + scale / 2])
        }
        // The top-left finder: light ring at Chebyshev distance 2 from its centre (3, 3), dark elsewhere.
        var finderDark = 0
        var finderLight = 0
        for row in 0..<7 {
            for column in 0..<7 {
                if max(abs(column - 3), abs(row - 3)) == 2 {
                    finderLight += module(column, row)
                } else {
                    finderDark += module(column, row)
                }
            }
        }
        let finderContrast = Double(finderLight) / 16 - Double(finderDark) / 33
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

    /// The share of the finder contrast the timing contrast must reach (measured: 0.2 keeps every
    /// jsqr-photos and generated-corpus read).
    static let timingShare = 0.2
}
