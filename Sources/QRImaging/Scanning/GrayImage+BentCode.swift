extension GrayImage {
    /// The code of `dimension` modules that `homography` roughly maps from module coordinates to this binarised
    /// image, read module by module along its timing pattern and drawn clean (as `sampledCode`), for a code bent
    /// around a cylinder: its columns are squeezed towards the sides and each column is shifted along itself, which
    /// no homography fits. `across`: the bend shows along the top timing row (the cylinder's axis runs along the
    /// code's columns); otherwise along the left timing column, and rows and columns swap roles.
    ///
    /// The timing row is followed chunk by chunk: in each stretch of 6 modules, the offset across it (within two
    /// modules of where the homography puts it, in quarters) at which a line crosses the most light–dark edges, or
    /// one fewer where that keeps nearer the last chunk's offset. Along that path, its edges between the finders
    /// (`regularised`: specks merged, runs of two or three modules split) must be exactly the n − 13 a timing row
    /// has; they give every column between the finders its centre, and the finders' columns continue at the width
    /// of the nearest six timing modules, changing as it changes across them. Each column keeps the path's offset
    /// across the whole code. Nil where the path does not show those edges.
    func bentCode(
        through homography: Homography, dimension n: Int, scale: Int, across: Bool
    ) -> (GrayImage, Homography)? {
        guard width > 0, height > 0, n >= 21, scale > 0 else { return nil }
        // Module coordinates (along, across the timing line) to this image.
        func point(_ along: Double, _ offset: Double) -> ImagePoint {
            across ? homography.apply(along, offset) : homography.apply(offset, along)
        }
        func isDark(_ along: Double, _ offset: Double) -> Bool {
            let p = point(along, offset)
            let x = p.x.rounded(), y = p.y.rounded()
            guard x >= 0, y >= 0, x < Double(width), y < Double(height) else { return false }
            return pixels[Int(y) * width + Int(x)] == 0
        }
        let step = 0.125
        // The edges along a line: where the samples turn and stay turned for a second sample (a lone sample
        // is noise).
        func edges(from start: Double, to end: Double, offset: (Double) -> Double) -> [Double] {
            var found: [Double] = []
            var samples: [Bool] = []
            var along = start
            while along <= end {
                samples.append(isDark(along, 6.5 + offset(along)))
                along += step
            }
            guard var state = samples.first else { return [] }
            var index = 1
            while index + 1 < samples.count {
                if samples[index] != state, samples[index + 1] != state {
                    found.append(start + (Double(index) - 0.5) * step)
                    state = samples[index]
                }
                index += 1
            }
            return found
        }
        // The offset of the timing line per 6-module chunk between the finders: the most edges; within one of
        // the most, the offset nearest the last chunk's (the path is smooth).
        let chunk = 6.0
        var centres: [Double] = []
        var offsets: [Double] = []
        var start = 7.0
        while start < Double(n - 7) {
            let end = min(start + chunk, Double(n - 7))
            let previous = offsets.last ?? 0
            let counts = (-8...8).map { index -> (count: Int, offset: Double) in
                let offset = Double(index) / 4
                return (edges(from: start, to: end) { _ in offset }.count, offset)
            }
            let most = counts.map(\.count).max() ?? 0
            guard
                let best = counts.filter({ $0.count >= most - 1 }).min(by: {
                    abs($0.offset - previous) < abs($1.offset - previous)
                })
            else { return nil }
            centres.append((start + end) / 2)
            offsets.append(best.offset)
            start = end
        }
        guard !centres.isEmpty else { return nil }
        func offset(_ along: Double) -> Double {
            guard centres.count > 1 else { return offsets[0] }
            if along <= centres[0] { return offsets[0] }
            for index in 1..<centres.count where along <= centres[index] {
                let t = (along - centres[index - 1]) / (centres[index] - centres[index - 1])
                return offsets[index - 1] + t * (offsets[index] - offsets[index - 1])
            }
            return offsets[offsets.count - 1]
        }
        // Edges 7 ... n − 7 along the path: the end of the finder's row, the separator, the timing modules.
        let found = Self.regularised(edges(from: 5.5, to: Double(n) - 5.5, offset: offset))
        guard found.count == n - 13 else { return nil }
        // The finders' columns: the module width of the nearest timing modules, changing across the finder as it
        // changes across those six (a cylinder squeezes modules more the nearer they are to its side).
        let last = found.count - 1
        let leftWidth = (found[6] - found[0]) / 6
        let leftTrend = ((found[3] - found[0]) - (found[6] - found[3])) / 9
        let rightWidth = (found[last] - found[last - 6]) / 6
        let rightTrend = ((found[last] - found[last - 3]) - (found[last - 3] - found[last - 6])) / 9
        guard leftWidth > 0, rightWidth > 0 else { return nil }
        var columns = [Double](repeating: 0, count: n)
        for column in 7..<(n - 7) { columns[column] = (found[column - 7] + found[column - 6]) / 2 }
        var edge = found[0]
        for column in stride(from: 6, through: 0, by: -1) {
            let width = max(leftWidth / 2, leftWidth - leftTrend * Double(7 - column))
            columns[column] = edge - width / 2
            edge -= width
        }
        edge = found[last]
        for column in (n - 7)..<n {
            let width = max(rightWidth / 2, rightWidth - rightTrend * Double(column - (n - 8)))
            columns[column] = edge + width / 2
            edge += width
        }
        let side = (n + 8) * scale
        var output = [UInt8](repeating: 255, count: side * side)
        for column in 0..<n {
            let along = columns[column]
            let shift = offset(along)
            for row in 0..<n where isDark(along, Double(row) + 0.5 + shift) {
                let (x, y) = across ? (column, row) : (row, column)
                let top = (y + 4) * scale
                let left = (x + 4) * scale
                for line in top..<(top + scale) {
                    for index in left..<(left + scale) { output[line * side + index] = 0 }
                }
            }
        }
        return (GrayImage(width: side, height: side, pixels: output), homography)
    }

    /// `edges` (ascending) with the runs between them made regular: a run under 0.6 of the median width made one
    /// with the runs either side of it (a speck, or a line crossing the corner of a module), then a run over 1.6
    /// of it split evenly into as many as it holds (a line that left the timing row where two modules matched).
    static func regularised(_ edges: [Double]) -> [Double] {
        guard edges.count >= 3 else { return edges }
        let widths = zip(edges.dropFirst(), edges).map { $0 - $1 }.sorted()
        let median = widths[widths.count / 2]
        guard median > 0 else { return edges }
        // Specks first: a short run's two edges go, and the runs either side of it become one.
        var merged: [Double] = [edges[0]]
        var index = 1
        while index < edges.count {
            if edges[index] - merged[merged.count - 1] < 0.6 * median, merged.count > 1 {
                merged.removeLast()
            } else {
                merged.append(edges[index])
            }
            index += 1
        }
        // Then long runs split evenly into the modules they hold.
        var kept: [Double] = [merged[0]]
        for edge in merged.dropFirst() {
            let start = kept[kept.count - 1]
            let width = edge - start
            if width > 1.6 * median {
                let parts = Int((width / median).rounded())
                for part in 1..<max(1, parts) { kept.append(start + width * Double(part) / Double(parts)) }
            }
            kept.append(edge)
        }
        return kept
    }
}
