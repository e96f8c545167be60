/// A QR finder pattern seen in an image: the centre of a dark square ring around a dark 3 × 3 core,
/// whose cross-sections run dark, light, dark, light, dark in the ratio 1 : 1 : 3 : 1 : 1 (ISO/IEC
/// 18004, 6.3.3), in the coordinates of the image it was found in.
struct FinderPattern: Equatable {
    var x: Double
    var y: Double
    /// The estimated module size in pixels (the pattern is 7 modules wide).
    var module: Double
    /// How many scan rows confirmed it.
    var hits: Int
}

extension GrayImage {
    /// The finder patterns of a binarised image (0 black, anything else white): every row (or every
    /// `rowStep`-th) is run-length scanned for the 1 : 1 : 3 : 1 : 1 sequence, each candidate is
    /// checked down its centre column for the same sequence at a similar size, and confirmations within
    /// a module or two of each other are merged. A pattern confirmed by fewer than `minHits` rows, or
    /// fewer rows than its module size in pixels, is dropped (isolated text strokes, data modules and
    /// noise rarely repeat over several rows).
    ///
    /// Costs a few operations per pixel: far below a ZBar pass over the same image. A candidate is
    /// merged only with the patterns still in reach of the rows being scanned (`isOutOfReach`): on a
    /// noisy photo, whose binarised speckles give a candidate every few pixels, comparing each with
    /// every pattern seen so far made the search quadratic. `prunes: false` compares with all of them
    /// (the same result, for tests). `edgeToEdge`: also take runs whose distances between like edges hold where
    /// their widths do not (`isFinderRatio`).
    func finderPatterns(
        rowStep: Int = 1, minHits: Int = 2, prunes: Bool = true, edgeToEdge: Bool = false
    ) -> [FinderPattern] {
        let w = width
        let h = height
        guard w >= 7, h >= 7 else { return [] }
        var found: [FinderPattern] = []
        // The indices into `found` of the patterns a candidate may still merge with, ascending.
        var active: [Int] = []
        pixels.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return }
            var y = 0
            while y < h {
                let row = y * w
                if prunes { active.removeAll { found[$0].isOutOfReach(ofRow: y) } }
                // The widths of the last five runs, the oldest first; `count` of them are valid and the
                // newest (runs[4]) is the run ending at x. A sequence must start with a dark run.
                var runs: (Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0)
                var count = 0
                var current = 0
                var dark = source[row] == 0
                var x = 0
                while x <= w {
                    // Inside a run, eight pixels at a time: a dark run goes on over eight zero bytes, a
                    // light one over eight bytes none of which is zero. Where the run ends within the eight,
                    // the lowest marked byte is the first pixel of the next run (for a light run the zero-byte
                    // test marks the first zero byte exactly; only bytes after it can be marked wrongly), so
                    // the run is extended to it at once instead of a pixel at a time.
                    if x + 8 <= w {
                        let word = UInt64(
                            littleEndian: UnsafeRawPointer(base + row + x).loadUnaligned(as: UInt64.self))
                        let ends = dark ? word : (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
                        if ends == 0 {
                            current += 8
                            x += 8
                            continue
                        }
                        let length = ends.trailingZeroBitCount >> 3
                        current += length
                        x += length
                    }
                    let isDark = x < w ? source[row + x] == 0 : !dark
                    if isDark == dark {
                        current += 1
                        x += 1
                        continue
                    }
                    runs = (runs.1, runs.2, runs.3, runs.4, current)
                    count = min(count + 1, 5)
                    // Five runs ending in a dark one: dark, light, dark, light, dark.
                    if dark, count == 5,
                        Self.isFinderRatio(runs.0, runs.1, runs.2, runs.3, runs.4, edgeToEdge: edgeToEdge)
                    {
                        let total = runs.0 + runs.1 + runs.2 + runs.3 + runs.4
                        let coreEnd = x - runs.4 - runs.3
                        if let vertical = verticalFinder(
                            source, column: coreEnd - (runs.2 + 1) / 2, row: y, total: total, edgeToEdge: edgeToEdge)
                        {
                            Self.merge(
                                &found, active: &active, x: Double(coreEnd) - Double(runs.2) / 2 - 0.5,
                                y: vertical.centre,
                                module: Double(total + vertical.width) / 14)
                        }
                    }
                    dark = isDark
                    current = 1
                    x += 1
                }
                y += rowStep
            }
        }
        // A real pattern's 3-module core crosses about three rows per module of size; noise and text
        // strokes that happen to match do so on a row or two.
        return found.filter { $0.hits >= max(minHits, Int($0.module)) }
    }

    /// Whether five run widths are in the ratio 1 : 1 : 3 : 1 : 1, each within half a module or one
    /// pixel, whichever is more (the middle one three times that), of the widths the total predicts.
    /// The pixel matters for photographed codes with 2-px modules, whose runs come out 1–3 px wide.
    ///
    /// `edgeToEdge`: also where the widths are off but the distances between like edges hold (a run and the
    /// next together: 2, 4, 4 and 2 modules, the outer two within half a module or a pixel, the inner two within
    /// twice that) and the core is 2 to 4 modules wide. A threshold off the middle of a blurred edge widens every
    /// dark run and narrows every light one by about the same, which these sums cancel: the light ring of a
    /// blurred, low-contrast finder with 2-px modules comes out 0–1 px wide, its dark rings 3.
    static func isFinderRatio(_ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int, edgeToEdge: Bool = false) -> Bool {
        let total = a + b + c + d + e
        guard total >= 7 else { return false }
        // Compared times 14 to stay in integers: a module is 2·total, half a module total, a pixel 14.
        let module = total * 2
        let tolerance = max(total, 14)
        if abs(a * 14 - module) <= tolerance && abs(b * 14 - module) <= tolerance
            && abs(c * 14 - 3 * module) <= 3 * tolerance && abs(d * 14 - module) <= tolerance
            && abs(e * 14 - module) <= tolerance
        {
            return true
        }
        guard edgeToEdge else { return false }
        return abs((a + b) * 14 - 2 * module) <= tolerance && abs((b + c) * 14 - 4 * module) <= 2 * tolerance
            && abs((c + d) * 14 - 4 * module) <= 2 * tolerance && abs((d + e) * 14 - 2 * module) <= tolerance
            && c * 14 >= 2 * module && c * 14 <= 4 * module + 2 * tolerance
    }

    /// How many times taller than wide, or wider than tall, a finder pattern may be: a code tilted 65°
    /// from the camera shows its finders foreshortened to under half their width along the tilt (ratios
    /// hold along every line through the centre of a pattern seen in perspective, so both scans still
    /// see 1 : 1 : 3 : 1 : 1).
    static let finderAspectLimit = 3

    /// Checks the column through a horizontal candidate (`column`, `row`) for the same pattern: the
    /// dark core, then light, then dark on either side. Returns the vertical centre and the vertical
    /// width, or nil when the column does not show the pattern at a size within a factor of
    /// `finderAspectLimit` of `total`.
    private func verticalFinder(
        _ source: UnsafeBufferPointer<UInt8>, column: Int, row: Int, total: Int, edgeToEdge: Bool
    ) -> (centre: Double, width: Int)? {
        let w = width
        let h = height
        guard column >= 0, column < w, source[row * w + column] == 0 else { return nil }
        // No run may be longer than the longest vertical pattern allowed.
        let limit = Self.finderAspectLimit * total
        // Upwards: rest of the core, light ring, dark ring. (Plain integers, not an array: this runs
        // for every horizontal candidate.)
        var (outerTop, ringTop, core, ringBottom, outerBottom) = (0, 0, 0, 0, 0)
        var y = row
        while y >= 0, source[y * w + column] == 0, core <= limit {
            core += 1
            y -= 1
        }
        while y >= 0, source[y * w + column] != 0, ringTop <= limit {
            ringTop += 1
            y -= 1
        }
        while y >= 0, source[y * w + column] == 0, outerTop <= limit {
            outerTop += 1
            y -= 1
        }
        let top = y + 1
        y = row + 1
        while y < h, source[y * w + column] == 0, core <= limit {
            core += 1
            y += 1
        }
        while y < h, source[y * w + column] != 0, ringBottom <= limit {
            ringBottom += 1
            y += 1
        }
        while y < h, source[y * w + column] == 0, outerBottom <= limit {
            outerBottom += 1
            y += 1
        }
        let vertical = outerTop + ringTop + core + ringBottom + outerBottom
        guard vertical * Self.finderAspectLimit > total, vertical < Self.finderAspectLimit * total,
            Self.isFinderRatio(outerTop, ringTop, core, ringBottom, outerBottom, edgeToEdge: edgeToEdge)
        else { return nil }
        let coreTop = top + outerTop + ringTop
        return (Double(coreTop) + Double(core) / 2 - 0.5, vertical)
    }

    /// Adds a confirmation to the first pattern of `active` within about two modules of it, or starts
    /// a new one (added to `active`).
    private static func merge(
        _ found: inout [FinderPattern], active: inout [Int], x: Double, y: Double, module: Double
    ) {
        for index in active {
            let other = found[index]
            let reach = 2 * max(module, other.module)
            if abs(other.x - x) <= reach, abs(other.y - y) <= reach,
                abs(other.module - module) <= max(module, other.module) / 2
            {
                let hits = Double(other.hits)
                found[index].x = (other.x * hits + x) / (hits + 1)
                found[index].y = (other.y * hits + y) / (hits + 1)
                found[index].module = (other.module * hits + module) / (hits + 1)
                found[index].hits += 1
                return
            }
        }
        active.append(found.count)
        found.append(FinderPattern(x: x, y: y, module: module, hits: 1))
    }
}

extension FinderPattern {
    /// Whether no candidate found on scan row `row` or below can merge with this pattern. A candidate
    /// of module m merges only within 2 · max(m, module) of it and where m ≤ 2 · module (so within
    /// 4 · module), and its centre lies less than the 14 m its column spans above its row (the
    /// vertical check admits up to 3 times the horizontal width: (width + vertical) / 14 = m), so
    /// under 28 · module: from 32 modules below the pattern's centre, nothing reaches it. A pattern
    /// moves only by merging, so once out of reach it stays so.
    func isOutOfReach(ofRow row: Int) -> Bool {
        Double(row) > y + 32 * module
    }
}

extension FinderPattern {
    /// Whether this pattern is one of the three finder patterns of `symbol`: inside its corner polygon
    /// and near one of its corners (a finder's centre lies 3.5 modules in from two sides, under a
    /// third of the side of the smallest code; a second code nested in the middle of a larger one is
    /// not explained by it).
    func isExplained(by symbol: QRSymbol) -> Bool {
        guard symbol.points.count >= 3, symbol.contains(ImagePoint(x: x, y: y)) else { return false }
        let side = symbol.polygonArea.squareRoot()
        let reach = max(0.3 * side, 2 * module)
        return symbol.points.contains { corner in
            let dx = corner.x - x
            let dy = corner.y - y
            return dx * dx + dy * dy <= reach * reach
        }
    }

    /// Whether the pattern was seen on more than two rows per module of its size. A finder's 3-module
    /// core crosses about three, a little fewer when blurred or turned; a ring in texture or print
    /// that happens to match on a row or two does not come close.
    var isConfirmed: Bool { Double(hits) > 2 * module }

    /// How much larger one finder's modules may be than another's in a triple seen in strong
    /// perspective (`GrayImage.irregularity(_:perspective:)`): a code tilted 70° shows its near finders
    /// at up to about three times the size of its far one.
    static let perspectiveModuleRatio = 3.0

    /// Whether this pattern's modules are within a factor of 1.6 of `other` px: patterns of one code
    /// (perspective and blur make a code's own finders differ by less).
    func hasSimilarModules(to other: Double) -> Bool {
        max(module, other) / min(module, other) <= 1.6
    }

    /// Whether this pattern is part of `symbol`, whose own finder patterns (`isExplained(by:)`) have
    /// modules of `ownModule` px (nil: none of them was found): one of its finder patterns, or inside
    /// it with modules of about its own size: an alignment pattern or data that looks like a finder
    /// (a version-40 code shows dozens). A pattern inside with much smaller modules is a nested code's.
    func isPart(of symbol: QRSymbol, ownModule: Double?) -> Bool {
        if isExplained(by: symbol) { return true }
        guard let ownModule, hasSimilarModules(to: ownModule) else { return false }
        return symbol.contains(ImagePoint(x: x, y: y))
    }

    /// Groups of patterns that may belong to one code, at most `limit`, best first. First triples:
    /// among the best-confirmed patterns, every three of similar module size (within a factor of 1.6)
    /// that form a right-angled, nearly isosceles triangle (`GrayImage.oriented`), the most regular
    /// first, each pattern in one triple only (side-by-side codes put other codes' finders closer
    /// than a code's own diagonal). Then pairs of the patterns left: similar module sizes, centres at
    /// most 60 modules apart (a version-10 code's finders are 50 modules apart).
    /// Then triples of patterns no triple took whose modules differ by up to `perspectiveModuleRatio`
    /// and that only the perspective bounds of `GrayImage.irregularity` admit: a code seen at a slant,
    /// read through its finders' outlines alone (`PassViews.outlineViews`). They are found after the
    /// pairs (which take the places up to `limit` first) but come before them in the result.
    static func codeGroups(_ patterns: [FinderPattern], limit: Int) -> [[FinderPattern]] {
        let sorted = Array(
            patterns.sorted { $0.hits != $1.hits ? $0.hits > $1.hits : ($0.y, $0.x) < ($1.y, $1.x) }.prefix(15))
        func similar(_ p: FinderPattern, _ q: FinderPattern) -> Bool { p.hasSimilarModules(to: q.module) }
        func alike(_ p: FinderPattern, _ q: FinderPattern) -> Bool {
            max(p.module, q.module) / min(p.module, q.module) <= perspectiveModuleRatio
        }
        var triples: [(score: Double, members: [Int])] = []
        var perspectiveTriples: [(score: Double, members: [Int])] = []
        for i in sorted.indices {
            for j in sorted.indices where j > i && alike(sorted[i], sorted[j]) {
                for k in sorted.indices where k > j && alike(sorted[i], sorted[k]) && alike(sorted[j], sorted[k]) {
                    let group = [sorted[i], sorted[j], sorted[k]]
                    if similar(group[0], group[1]), similar(group[0], group[2]), similar(group[1], group[2]),
                        let score = GrayImage.irregularity(group)
                    {
                        triples.append((score, [i, j, k]))
                    } else if let score = GrayImage.irregularity(group, perspective: true) {
                        perspectiveTriples.append((score, [i, j, k]))
                    }
                }
            }
        }
        var used = [Bool](repeating: false, count: sorted.count)
        var groups: [[FinderPattern]] = []
        for triple in triples.sorted(by: { $0.score < $1.score }) where groups.count < limit {
            guard triple.members.allSatisfy({ !used[$0] }) else { continue }
            for member in triple.members { used[member] = true }
            groups.append(triple.members.map { sorted[$0] })
        }
        for (index, seed) in sorted.enumerated() where !used[index] && groups.count < limit {
            let partner = sorted.indices.filter { other in
                guard other != index, !used[other], similar(seed, sorted[other]) else { return false }
                let dx = sorted[other].x - seed.x
                let dy = sorted[other].y - seed.y
                let reach = 60 * max(sorted[other].module, seed.module)
                return dx * dx + dy * dy <= reach * reach
            }.first
            guard let partner else { continue }
            used[index] = true
            used[partner] = true
            groups.append([seed, sorted[partner]])
        }
        // Last, triples only strong perspective explains (read only through their finders' outlines),
        // of patterns no triple took: the two near finders of such a code may have made a pair.
        var inTriple = [Bool](repeating: false, count: sorted.count)
        for group in groups where group.count == 3 {
            for member in group { if let index = sorted.firstIndex(of: member) { inTriple[index] = true } }
        }
        var slanted: [[FinderPattern]] = []
        for triple in perspectiveTriples.sorted(by: { $0.score < $1.score })
        where groups.count + slanted.count < limit {
            guard triple.members.allSatisfy({ !inTriple[$0] }) else { continue }
            for member in triple.members { inTriple[member] = true }
            slanted.append(triple.members.map { sorted[$0] })
        }
        // The slanted triples are scanned before the pairs (the same groups as ever, in another order): a
        // pair is read from a crop by ZBar, twice, at a cost many outline drawings do not reach, and on a
        // slanted code it is that code's two near finders, which its triple reads.
        return groups.filter { $0.count == 3 } + slanted + groups.filter { $0.count == 2 }
    }

    /// The rectangle (left, top, right, bottom) that would hold the code of a group: the bounding box
    /// of the centres — for a group of three also of each centre mirrored through the middle of the
    /// other two, one of which is the fourth corner (outside the centres' box when the code is turned) —
    /// grown by `margin` modules (8: half a finder and the quiet zone) and, for a group of two, by the
    /// distance between them (the third finder can lie on either side); and the mean module size.
    static func region(
        of group: [FinderPattern], margin modules: Double = 8
    ) -> (left: Double, top: Double, right: Double, bottom: Double, module: Double) {
        let module = group.map(\.module).reduce(0, +) / Double(max(1, group.count))
        var margin = modules * module
        if group.count == 2 {
            let dx = group[1].x - group[0].x
            let dy = group[1].y - group[0].y
            margin += (dx * dx + dy * dy).squareRoot()
        }
        var xs = group.map(\.x)
        var ys = group.map(\.y)
        if group.count == 3 {
            for (i, j, k) in [(0, 1, 2), (1, 0, 2), (2, 0, 1)] {
                xs.append(group[j].x + group[k].x - group[i].x)
                ys.append(group[j].y + group[k].y - group[i].y)
            }
        }
        return (
            (xs.min() ?? 0) - margin, (ys.min() ?? 0) - margin, (xs.max() ?? 0) + margin, (ys.max() ?? 0) + margin,
            module
        )
    }

    /// The triples a pair of finder patterns may be two of, the third placed where the code's geometry puts
    /// it: the pair on one side of the code, either of them its corner, the third square to them on either
    /// side (four), or on the diagonal, the corner midway beside them on either side (two). The third is
    /// unconfirmed (no hits) and has the pair's mean module; empty unless the pair is two patterns. A
    /// code's third finder is lost to blur, glare, a curve, a cut at the image's edge; each triple is
    /// drawn module by module like a found one, and a pair of finder-like shapes in texture shows no
    /// format information in any of them.
    static func completions(of pair: [FinderPattern]) -> [[FinderPattern]] {
        guard pair.count == 2 else { return [] }
        let (p, q) = (pair[0], pair[1])
        let module = (p.module + q.module) / 2
        let (dx, dy) = (q.x - p.x, q.y - p.y)
        func third(_ x: Double, _ y: Double) -> FinderPattern { FinderPattern(x: x, y: y, module: module, hits: 0) }
        var triples: [[FinderPattern]] = []
        for sign in [1.0, -1.0] {
            // A side: p the corner, q beside it, or q the corner, p beside it; the third square to the corner.
            triples.append([p, q, third(p.x - sign * dy, p.y + sign * dx)])
            triples.append([p, q, third(q.x - sign * dy, q.y + sign * dx)])
            // The diagonal: the corner midway, half the diagonal to one side.
            triples.append([p, q, third((p.x + q.x - sign * dy) / 2, (p.y + q.y + sign * dx) / 2)])
        }
        return triples
    }

    /// The module count a side of the code whose three finder patterns are `group`, from the distances
    /// between their centres (n − 7 modules) and their module sizes, snapped to a QR size (17 + 4·version).
    static func dimension(of group: [FinderPattern]) -> Int? {
        guard group.count == 3 else { return nil }
        let module = group.map(\.module).reduce(0, +) / 3
        var distances: [Double] = []
        for (i, j) in [(0, 1), (0, 2), (1, 2)] {
            let dx = group[i].x - group[j].x
            let dy = group[i].y - group[j].y
            distances.append((dx * dx + dy * dy).squareRoot())
        }
        distances.sort()
        // The two shorter distances are the sides of the code between finder centres.
        let modules = (distances[0] + distances[1]) / 2 / module + 7
        let version = Int(((modules - 17) / 4).rounded())
        guard (1...40).contains(version) else { return nil }
        return 17 + 4 * version
    }
}

extension GrayImage {
    /// The pixels of the rectangle [left, right) × [top, bottom), clamped to the image, and the map
    /// from the crop's coordinates back to this image's; nil when the clamped rectangle is empty.
    func cropped(left: Int, top: Int, right: Int, bottom: Int) -> (GrayImage, AffineMap)? {
        let x0 = max(0, left)
        let y0 = max(0, top)
        let x1 = min(width, right)
        let y1 = min(height, bottom)
        guard x1 > x0, y1 > y0 else { return nil }
        let w = x1 - x0
        var output = [UInt8]()
        output.reserveCapacity(w * (y1 - y0))
        for y in y0..<y1 {
            output.append(contentsOf: pixels[(y * width + x0)..<(y * width + x1)])
        }
        let map = AffineMap(a: 1, b: 0, c: Double(x0), d: 0, e: 1, f: Double(y0))
        return (GrayImage(width: w, height: y1 - y0, pixels: output), map)
    }
}

/// A plane projective map (homography) from (u, v) to (x, y):
/// x = (h0·u + h1·v + h2) / (h6·u + h7·v + 1), y = (h3·u + h4·v + h5) / (h6·u + h7·v + 1).
struct Homography {
    var h: [Double]

    /// The map taking each of four `source` points to the `target` point at the same index; nil when
    /// three of them are (nearly) collinear.
    init?(from source: [ImagePoint], to target: [ImagePoint]) {
        guard source.count == 4, target.count == 4 else { return nil }
        // Two linear equations per point pair in the eight unknowns, solved by Gaussian elimination.
        var rows: [[Double]] = []
        for (s, t) in zip(source, target) {
            rows.append([s.x, s.y, 1, 0, 0, 0, -s.x * t.x, -s.y * t.x, t.x])
            rows.append([0, 0, 0, s.x, s.y, 1, -s.x * t.y, -s.y * t.y, t.y])
        }
        guard let solution = Self.solve(rows, pivotAbove: 1e-9) else { return nil }
        h = solution
    }

    func apply(_ u: Double, _ v: Double) -> ImagePoint {
        let w = h[6] * u + h[7] * v + 1
        return ImagePoint(x: (h[0] * u + h[1] * v + h[2]) / w, y: (h[3] * u + h[4] * v + h[5]) / w)
    }
}

extension GrayImage {
    /// The three finder centres of `group` as (top-left, top-right, bottom-left) of the code, or nil
    /// when they are far from a right-angled, nearly isosceles triangle. The corner finder is the one
    /// opposite the longest side; with y pointing down, (top-right − corner) × (bottom-left − corner)
    /// is positive.
    static func oriented(_ group: [FinderPattern]) -> (FinderPattern, FinderPattern, FinderPattern)? {
        guard irregularity(group) != nil else { return nil }
        func squared(_ p: FinderPattern, _ q: FinderPattern) -> Double {
            (p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)
        }
        let sides = [squared(group[1], group[2]), squared(group[0], group[2]), squared(group[0], group[1])]
        guard let cornerIndex = sides.indices.max(by: { sides[$0] < sides[$1] }) else { return nil }
        let corner = group[cornerIndex]
        var others = group.indices.filter { $0 != cornerIndex }.map { group[$0] }
        let cross =
            (others[0].x - corner.x) * (others[1].y - corner.y) - (others[0].y - corner.y) * (others[1].x - corner.x)
        if cross < 0 { others.swapAt(0, 1) }
        return (corner, others[0], others[1])
    }

    /// How far three finder centres are from a right-angled isosceles triangle whose legs span at
    /// least 14 and at most 170 of their modules (versions 1–40): the legs' length ratio minus one plus
    /// the hypotenuse's deviation from the right-angle value; nil beyond 0.5 and 0.25 (perspective
    /// skews both), or when the sizes do not fit.
    ///
    /// `perspective`: the bounds of a code tilted well past 45°, whose foreshortened side is down to a
    /// third of the other and whose corner angle opens or closes by up to 30° (2.0 and 0.4), for
    /// triples read only through their finders' outlines (`FinderOutline`), which confirm them.
    static func irregularity(_ group: [FinderPattern], perspective: Bool = false) -> Double? {
        guard group.count == 3 else { return nil }
        func distance(_ p: FinderPattern, _ q: FinderPattern) -> Double {
            ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()
        }
        let sides = [distance(group[1], group[2]), distance(group[0], group[2]), distance(group[0], group[1])]
            .sorted()
        let (a, b, hypotenuse) = (sides[0], sides[1], sides[2])
        let module = group.map(\.module).reduce(0, +) / 3
        guard a > 0, module > 0, a / module >= 10, b / module <= 170 else { return nil }
        let legs = b / a - 1
        let angle = abs(hypotenuse / (a * a + b * b).squareRoot() - 1)
        guard legs < (perspective ? 2.0 : 0.5), angle < (perspective ? 0.4 : 0.25) else { return nil }
        return legs + angle
    }

    /// The alignment pattern of a code of `dimension` modules (version 2 and up: a dark module in a
    /// light ring in a dark ring, centred 6.5 modules in from the corner without a finder): searched
    /// in this binarised image within three modules of where the finders' affine frame puts it, as the
    /// position whose 5 × 5 module neighbourhood (sampled along the frame's axes) matches the pattern
    /// best. Nil when no position matches at least 21 of the 25 modules.
    func alignmentPattern(
        corner: FinderPattern, right: FinderPattern, down: FinderPattern, dimension: Int
    ) -> ImagePoint? {
        guard dimension >= 25 else { return nil }
        let span = Double(dimension - 7)
        let (ux, uy) = ((right.x - corner.x) / span, (right.y - corner.y) / span)
        let (vx, vy) = ((down.x - corner.x) / span, (down.y - corner.y) / span)
        let offset = Double(dimension) - 10  // (n − 6.5) − 3.5 modules from the corner finder's centre
        let predictedX = corner.x + offset * (ux + vx)
        let predictedY = corner.y + offset * (uy + vy)
        let module = ((ux * ux + uy * uy).squareRoot() + (vx * vx + vy * vy).squareRoot()) / 2
        let reach = Int(max(3, 3 * module))
        var best: (score: Int, distance: Int, point: ImagePoint)?
        for dy in -reach...reach {
            for dx in -reach...reach {
                let cx = predictedX + Double(dx)
                let cy = predictedY + Double(dy)
                var score = 0
                // A position that can no longer reach the best score so far cannot win (a tie still can,
                // when nearer): the rest of its modules are not sampled.
                var missed = 0
                // Below 21 no position counts at all (nil).
                let mayMiss = 25 - max(best?.score ?? 0, 21)
                sampling: for j in -2...2 {
                    for i in -2...2 {
                        let sx = cx + Double(i) * ux + Double(j) * vx + 0.5
                        let sy = cy + Double(i) * uy + Double(j) * vy + 0.5
                        let wantDark = max(abs(i), abs(j)) != 1
                        if sx >= 0, sy >= 0, sx < Double(width), sy < Double(height),
                            (pixels[Int(sy) * width + Int(sx)] == 0) == wantDark
                        {
                            score += 1
                        } else {
                            missed += 1
                            if missed > mayMiss { break sampling }
                        }
                    }
                }
                if missed > mayMiss { continue }
                let distance = dx * dx + dy * dy
                if best.map({ score > $0.score || (score == $0.score && distance < $0.distance) }) ?? true {
                    best = (score, distance, ImagePoint(x: cx, y: cy))
                }
            }
        }
        guard let best, best.score >= 21 else { return nil }
        return best.point
    }

    /// The homography from module coordinates (u, v) of a code of `dimension` modules — module (c, r)
    /// spans [c, c + 1) × [r, r + 1) — to this image's pixel-index coordinates, through the three finder
    /// centres of `finders` (top-left, top-right, bottom-left) and a fourth point: the alignment
    /// pattern's centre when given, else the corner that completes the parallelogram (an affine frame).
    static func codeHomography(
        finders: (FinderPattern, FinderPattern, FinderPattern), alignment: ImagePoint?, dimension: Int
    ) -> Homography? {
        let (corner, right, down) = finders
        let n = Double(dimension)
        var source = [ImagePoint(x: 3.5, y: 3.5), ImagePoint(x: n - 3.5, y: 3.5), ImagePoint(x: 3.5, y: n - 3.5)]
        var target = [corner, right, down].map { ImagePoint(x: $0.x, y: $0.y) }
        if let alignment {
            source.append(ImagePoint(x: n - 6.5, y: n - 6.5))
            target.append(alignment)
        } else {
            source.append(ImagePoint(x: n - 3.5, y: n - 3.5))
            target.append(ImagePoint(x: right.x + down.x - corner.x, y: right.y + down.y - corner.y))
        }
        return Homography(from: source, to: target)
    }

    /// The code of `dimension` modules whose finder patterns are `finders`, read module by module from
    /// this binarised image (black 0) at each module's centre through `codeHomography`, and drawn
    /// again clean — black or white `scale` × `scale` squares with a 4-module quiet zone, the layout of
    /// `warped`. A module whose centre falls outside the image is drawn light. ZBar then only has to
    /// decode, not find and sample, a code that perspective or a curved surface has bent beyond what
    /// its own sampling grid follows.
    func sampledCode(
        finders: (FinderPattern, FinderPattern, FinderPattern), alignment: ImagePoint?, dimension: Int, scale: Int
    ) -> (GrayImage, Homography)? {
        guard let homography = Self.codeHomography(finders: finders, alignment: alignment, dimension: dimension)
        else { return nil }
        return sampledCode(through: homography, dimension: dimension, scale: scale)
    }

    /// The code of `dimension` modules that `homography` maps from module coordinates to this binarised
    /// image, read module by module and drawn clean (`sampledCode(finders:alignment:dimension:scale:)`).
    func sampledCode(through homography: Homography, dimension: Int, scale: Int) -> (GrayImage, Homography)? {
        guard width > 0, height > 0, dimension > 0, scale > 0 else { return nil }
        let side = (dimension + 8) * scale
        var output = [UInt8](repeating: 255, count: side * side)
        output.withUnsafeMutableBufferPointer { output in
            pixels.withUnsafeBufferPointer { source in
                for row in 0..<dimension {
                    for column in 0..<dimension {
                        let centre = homography.apply(Double(column) + 0.5, Double(row) + 0.5)
                        let x = centre.x.rounded()
                        let y = centre.y.rounded()
                        guard x >= 0, y >= 0, x < Double(width), y < Double(height),
                            source[Int(y) * width + Int(x)] == 0
                        else { continue }
                        let top = (row + 4) * scale
                        let left = (column + 4) * scale
                        for line in top..<(top + scale) {
                            for index in left..<(left + scale) { output[line * side + index] = 0 }
                        }
                    }
                }
            }
        }
        return (GrayImage(width: side, height: side, pixels: output), homography)
    }

    /// The code of `dimension` modules whose finder patterns are `finders` (top-left, top-right,
    /// bottom-left, in this image's coordinates), resampled upright (bilinear) at `scale` px a module
    /// with a 4-module quiet zone, through the homography the three finder centres and the fourth
    /// point define: the alignment pattern's centre when `alignment` is given, else the corner that
    /// completes the parallelogram (an affine frame). Returns the image and that homography, which
    /// maps module coordinates (u, v) — pixel (X, Y) of the result is module ((X + ½)/scale − 4, …) —
    /// to this image's coordinates.
    func warped(
        finders: (FinderPattern, FinderPattern, FinderPattern), alignment: ImagePoint?, dimension: Int,
        scale: Int = 4
    ) -> (GrayImage, Homography)? {
        guard let homography = Self.codeHomography(finders: finders, alignment: alignment, dimension: dimension)
        else { return nil }
        return warped(through: homography, dimension: dimension, scale: scale)
    }

    /// The code of `dimension` modules that `homography` maps from module coordinates to this image,
    /// resampled upright (bilinear) at `scale` px a module with a 4-module quiet zone (`warped(finders:…)`).
    func warped(through homography: Homography, dimension: Int, scale: Int) -> (GrayImage, Homography)? {
        guard width > 1, height > 1, dimension > 0, scale > 0 else { return nil }
        let quiet = 4.0
        let side = (dimension + 8) * scale
        let step = 1 / Double(scale)
        var output = [UInt8](repeating: 255, count: side * side)
        output.withUnsafeMutableBufferPointer { output in
            // `Homography.apply` written out with its coefficients in locals (the same arithmetic, in the
            // same order): the array lookups cost more than the projection itself.
            let (h0, h1, h2, h3, h4, h5, h6, h7) = (
                homography.h[0], homography.h[1], homography.h[2], homography.h[3], homography.h[4], homography.h[5],
                homography.h[6], homography.h[7]
            )
            pixels.withUnsafeBufferPointer { source in
                for row in 0..<side {
                    let v = (Double(row) + 0.5) * step - quiet
                    for column in 0..<side {
                        let u = (Double(column) + 0.5) * step - quiet
                        let w = h6 * u + h7 * v + 1
                        // Finder centres are in pixel-index coordinates: pixel (i, j) is centred on (i, j).
                        let x = (h0 * u + h1 * v + h2) / w
                        let y = (h3 * u + h4 * v + h5) / w
                        guard x >= 0, y >= 0, x < Double(width - 1), y < Double(height - 1) else { continue }
                        let x0 = Int(x)
                        let y0 = Int(y)
                        let fx = x - Double(x0)
                        let fy = y - Double(y0)
                        let base = y0 * width + x0
                        let top = Double(source[base]) * (1 - fx) + Double(source[base + 1]) * fx
                        let bottom = Double(source[base + width]) * (1 - fx) + Double(source[base + width + 1]) * fx
                        output[row * side + column] = UInt8(top * (1 - fy) + bottom * fy)
                    }
                }
            }
        }
        return (GrayImage(width: side, height: side, pixels: output), homography)
    }
}
