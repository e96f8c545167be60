/// The outline of a finder pattern: the four outer corners of its dark 7 × 7-module ring, as seen in a
/// binarised image. Three outlines give twelve points of the code's module grid, enough to fit the
/// perspective of a code tilted well past 45° (where the finder centres alone, an affine frame, put the
/// far corner modules away), and each outline's sides give the module size along the code's sides
/// there, which estimates the module count under perspective.
struct FinderOutline: Equatable {
    /// The ring's outer corners, in the order of the module corners (0, 0), (7, 0), (7, 7), (0, 7) of the
    /// pattern, in pixel-index coordinates (pixel (i, j) is centred on (i, j)).
    var corners: [ImagePoint]

    /// The module size along the pattern's first axis (from corner 0 to corner 1) and its second
    /// (corner 0 to corner 3): the mean of the two sides along it, over 7.
    var modules: (along: Double, across: Double) {
        func distance(_ p: ImagePoint, _ q: ImagePoint) -> Double {
            ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()
        }
        let along = (distance(corners[0], corners[1]) + distance(corners[3], corners[2])) / 14
        let across = (distance(corners[0], corners[3]) + distance(corners[1], corners[2])) / 14
        return (along, across)
    }

    static func == (lhs: FinderOutline, rhs: FinderOutline) -> Bool { lhs.corners == rhs.corners }

    init(corners: [ImagePoint]) {
        self.corners = corners
    }

    /// The outline of a `quad` (`GrayImage.finderQuad`: four corners in order round the ring), its
    /// corners put in module-corner order along `axes`: of the eight ways to walk round the quad, the
    /// one whose sides from corner 0 to 1 and 3 to 2 run along the first axis, and from 0 to 3 and 1 to
    /// 2 along the second, best (the largest sum of the sides' projections on their axes). Under strong
    /// perspective a finder is a thin, sheared quad and the axes meet far from a right angle, so
    /// quadrants around the quad's centre put two corners in one quadrant; the walk keeps the ring's
    /// order. Nil when the quad does not run round (no walk projects positively on both axes) or a
    /// side is under 2 px.
    init?(quad: [ImagePoint], axes: (ImagePoint, ImagePoint)) {
        guard quad.count == 4 else { return nil }
        func along(_ from: ImagePoint, _ to: ImagePoint, _ axis: ImagePoint) -> Double {
            (to.x - from.x) * axis.x + (to.y - from.y) * axis.y
        }
        var best: (score: Double, corners: [ImagePoint])?
        for start in 0..<4 {
            for step in [1, 3] {
                let c = (0..<4).map { quad[(start + step * $0) % 4] }
                let first = along(c[0], c[1], axes.0) + along(c[3], c[2], axes.0)
                let second = along(c[0], c[3], axes.1) + along(c[1], c[2], axes.1)
                guard first > 0, second > 0 else { continue }
                if best.map({ first + second > $0.score }) ?? true { best = (first + second, c) }
            }
        }
        guard let best else { return nil }
        corners = best.corners
        guard modules.along >= 2.0 / 7, modules.across >= 2.0 / 7 else { return nil }
    }
}

extension GrayImage {
    /// The four outer corners of `pattern`'s dark ring in this binarised image (0 dark), in order round
    /// the ring: the 4-connected dark component of the ring (reached from the centre by crossing the
    /// core and the light ring, in the first of the four axis directions that shows them), and its four
    /// extreme points — the one farthest from the centre, the one farthest from that, and the farthest
    /// either side of the line between them — pushed half a pixel out to the pixels' outer corners.
    /// Nil when the ring runs into other dark pixels within six modules of the centre (it merged with
    /// data, noise or the image's edge) or is not closed around the centre.
    func finderQuad(_ pattern: FinderPattern) -> [ImagePoint]? {
        let cx = Int(pattern.x.rounded())
        let cy = Int(pattern.y.rounded())
        guard cx >= 0, cy >= 0, cx < width, cy < height, pattern.module > 0 else { return nil }
        let reach = Int((6 * pattern.module).rounded(.up)) + 2
        let limit = 4 * reach
        // Core, light ring, dark ring along each axis direction until one shows them.
        var seed: (Int, Int)?
        for (dx, dy) in [(-1, 0), (1, 0), (0, -1), (0, 1)] where seed == nil {
            var x = cx
            var y = cy
            var phase = 0  // 0 in the core, 1 in the light ring
            var steps = 0
            while steps < limit, x >= 0, y >= 0, x < width, y < height {
                let dark = pixels[y * width + x] == 0
                if phase == 0, !dark {
                    phase = 1
                } else if phase == 1, dark {
                    seed = (x, y)
                    break
                }
                x += dx
                y += dy
                steps += 1
            }
        }
        guard let (sx, sy) = seed else { return nil }
        let left = cx - reach
        let top = cy - reach
        let right = cx + reach
        let bottom = cy + reach
        // A ring that reaches the search box's edge or the image's is not a finder's alone: a dark pixel
        // there ends the search. Every other pixel reached lies inside the box, whose pixels `visited`
        // marks (neighbours of an inside pixel are in the box or on its edge).
        func isInside(_ x: Int, _ y: Int) -> Bool {
            x > left && x < right && y > top && y < bottom && x > 0 && y > 0 && x < width - 1 && y < height - 1
        }
        guard isInside(sx, sy) else { return nil }
        let side = 2 * reach + 1
        var visited = [Bool](repeating: false, count: side * side)
        visited[(sy - top) * side + sx - left] = true
        var stack = [(sx, sy)]
        var component: [(Int, Int)] = []
        let maxPixels = side * side / 2
        while let (x, y) = stack.popLast() {
            guard component.count < maxPixels else { return nil }
            component.append((x, y))
            for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where pixels[ny * width + nx] == 0 {
                let mark = (ny - top) * side + nx - left
                guard !visited[mark] else { continue }
                guard isInside(nx, ny) else { return nil }
                visited[mark] = true
                stack.append((nx, ny))
            }
        }
        // A ring: dark pixels of the component on all four sides of the centre.
        guard component.contains(where: { $0.0 < cx && $0.1 == cy }),
            component.contains(where: { $0.0 > cx && $0.1 == cy }),
            component.contains(where: { $0.1 < cy && $0.0 == cx }),
            component.contains(where: { $0.1 > cy && $0.0 == cx })
        else { return nil }
        func farthest(from point: (Double, Double)) -> (Int, Int) {
            var best = component[0]
            var bestDistance = -1.0
            for pixel in component {
                let dx = Double(pixel.0) - point.0
                let dy = Double(pixel.1) - point.1
                let distance = dx * dx + dy * dy
                if distance > bestDistance {
                    bestDistance = distance
                    best = pixel
                }
            }
            return best
        }
        let mean = (
            Double(component.map(\.0).reduce(0, +)) / Double(component.count),
            Double(component.map(\.1).reduce(0, +)) / Double(component.count)
        )
        let first = farthest(from: mean)
        let opposite = farthest(from: (Double(first.0), Double(first.1)))
        var sides: [(distance: Double, pixel: (Int, Int))] = [(0, first), (0, first)]
        let (lx, ly) = (Double(opposite.0 - first.0), Double(opposite.1 - first.1))
        for pixel in component {
            let cross = lx * Double(pixel.1 - first.1) - ly * Double(pixel.0 - first.0)
            if cross > sides[0].distance { sides[0] = (cross, pixel) }
            if -cross > sides[1].distance { sides[1] = (-cross, pixel) }
        }
        let extremes = [first, sides[0].pixel, opposite, sides[1].pixel]
        let mx = extremes.map { Double($0.0) }.reduce(0, +) / 4
        let my = extremes.map { Double($0.1) }.reduce(0, +) / 4
        return extremes.map { pixel in
            let x = Double(pixel.0)
            let y = Double(pixel.1)
            return ImagePoint(x: x + (x < mx ? -0.5 : 0.5), y: y + (y < my ? -0.5 : 0.5))
        }
    }

    /// `finderQuad` of `pattern` with its corners in the order of the module corners (0, 0), (7, 0),
    /// (7, 7), (0, 7): corner k is the one in the quadrant, along the code's `axes` (its first and
    /// second axis directions in the image, from the corner finder's centre to the other two), that
    /// module corner k lies in. Nil without a quad, or when its corners do not fall one in each quadrant.
    func finderOutline(_ pattern: FinderPattern, axes: (ImagePoint, ImagePoint)) -> FinderOutline? {
        guard let quad = finderQuad(pattern) else { return nil }
        return FinderOutline(quad: quad, axes: axes)
    }

    /// The three finder patterns of `group` as (top-left, top-right, bottom-left) of their code, and
    /// their outlines, or nil when a pattern has no quad (`finderQuad`). The corner finder is the one
    /// whose own ring's sides run towards the other two: under strong perspective the side between the
    /// two near finders can be the triangle's longest, so the right angle of the centres (`oriented`)
    /// is no guide, but a finder's sides stay aligned with the code's, and the other two finders lie
    /// along them only from the corner one. Nil too when no finder's sides come within about 30° of
    /// the directions to the other two.
    func outlineFrame(
        _ group: [FinderPattern]
    ) -> (
        frame: (FinderPattern, FinderPattern, FinderPattern), outlines: (FinderOutline, FinderOutline, FinderOutline)
    )? {
        guard group.count == 3 else { return nil }
        var quads: [[ImagePoint]] = []
        for pattern in group {
            guard let quad = finderQuad(pattern) else { return nil }
            quads.append(quad)
        }
        guard let frame = Self.quadFrame(group, quads: quads),
            let a = frame.outlines[0], let b = frame.outlines[1], let c = frame.outlines[2]
        else { return nil }
        return (frame.frame, (a, b, c))
    }

    /// For a group of three finder patterns of which only one or two show an outline (`finderQuad`
    /// nil for the others: under strong perspective the far finders' rings, foreshortened to a pixel
    /// or two, merge with the data or the quiet zone's edge): the frame, oriented by the quads found
    /// (`quadFrame`), and the outline of each finder that has one, in frame order. Nil when every
    /// finder or none has a quad, or no corner fits them.
    func partialOutlineFrame(
        _ group: [FinderPattern]
    ) -> (frame: (FinderPattern, FinderPattern, FinderPattern), outlines: [FinderOutline?])? {
        guard group.count == 3 else { return nil }
        let quads = group.map { finderQuad($0) }
        let known = quads.filter { $0 != nil }.count
        guard known >= 1, known < 3 else { return nil }
        return Self.quadFrame(group, quads: quads)
    }

    /// The frame (top-left, top-right, bottom-left) of the finder `group` and the outlines of its
    /// `quads` (nil where a finder has none), in frame order. The corner finder is the one the quads
    /// agree with best: its own quad's sides run towards the other two finders, and another finder's
    /// quad has a side running towards it (finders' sides stay aligned with the code's under
    /// perspective; the right angle of the centres does not). Nil when no corner fits within about
    /// 30° on average, or no outline can be put in module order.
    static func quadFrame(
        _ group: [FinderPattern], quads: [[ImagePoint]?]
    ) -> (frame: (FinderPattern, FinderPattern, FinderPattern), outlines: [FinderOutline?])? {
        func unit(_ dx: Double, _ dy: Double) -> ImagePoint {
            let length = max((dx * dx + dy * dy).squareRoot(), 1e-9)
            return ImagePoint(x: dx / length, y: dy / length)
        }
        func sine(_ p: ImagePoint, _ q: ImagePoint) -> Double { abs(p.x * q.y - p.y * q.x) }
        let known = quads.filter { $0 != nil }.count
        guard group.count == 3, quads.count == 3, known > 0 else { return nil }
        var best: (misfit: Double, corner: Int)?
        for k in 0..<3 {
            var misfit = 0.0
            for j in 0..<3 {
                guard let q = quads[j] else { continue }
                // The quad's two side directions, each the mean of its two opposite sides.
                let first = unit(q[1].x - q[0].x + q[2].x - q[3].x, q[1].y - q[0].y + q[2].y - q[3].y)
                let second = unit(q[3].x - q[0].x + q[2].x - q[1].x, q[3].y - q[0].y + q[2].y - q[1].y)
                if j == k {
                    let towards = (0..<3).filter { $0 != k }.map {
                        unit(group[$0].x - group[k].x, group[$0].y - group[k].y)
                    }
                    misfit += min(
                        sine(towards[0], first) + sine(towards[1], second),
                        sine(towards[0], second) + sine(towards[1], first))
                } else {
                    let towards = unit(group[k].x - group[j].x, group[k].y - group[j].y)
                    misfit += 2 * min(sine(towards, first), sine(towards, second))
                }
            }
            misfit /= Double(known)
            if best.map({ misfit < $0.misfit }) ?? true { best = (misfit, k) }
        }
        guard let best, best.misfit < 1 else { return nil }
        let corner = group[best.corner]
        var others = (0..<3).filter { $0 != best.corner }
        let cross =
            (group[others[0]].x - corner.x) * (group[others[1]].y - corner.y)
            - (group[others[0]].y - corner.y) * (group[others[1]].x - corner.x)
        if cross < 0 { others.swapAt(0, 1) }
        let (right, down) = (group[others[0]], group[others[1]])
        let axes = (unit(right.x - corner.x, right.y - corner.y), unit(down.x - corner.x, down.y - corner.y))
        let outlines = [best.corner, others[0], others[1]].map { index in
            quads[index].flatMap { FinderOutline(quad: $0, axes: axes) }
        }
        guard outlines.filter({ $0 != nil }).count == known else { return nil }
        return ((corner, right, down), outlines)
    }

    /// The outlines of a code's three finder patterns (top-left, top-right, bottom-left, as `oriented`
    /// orders them) in this binarised image, or nil when one is not found.
    func finderOutlines(
        _ frame: (FinderPattern, FinderPattern, FinderPattern)
    ) -> (FinderOutline, FinderOutline, FinderOutline)? {
        let (corner, right, down) = frame
        func unit(_ from: FinderPattern, _ to: FinderPattern) -> ImagePoint {
            let dx = to.x - from.x
            let dy = to.y - from.y
            let length = (dx * dx + dy * dy).squareRoot()
            return ImagePoint(x: dx / max(length, 1e-9), y: dy / max(length, 1e-9))
        }
        let axes = (unit(corner, right), unit(corner, down))
        guard let a = finderOutline(corner, axes: axes), let b = finderOutline(right, axes: axes),
            let c = finderOutline(down, axes: axes)
        else { return nil }
        return (a, b, c)
    }
}

extension FinderOutline {
    /// The module count of a side of the code whose finder outlines are `outlines` (top-left, top-right,
    /// bottom-left), snapped to a QR size (17 + 4·version); nil outside versions 1–40. Along a side
    /// seen in perspective the module size changes projectively from one finder to the other; the
    /// modules between their centres are then the distance over the geometric mean of the module sizes
    /// at the two ends (exact for a 1-D projective map), plus 7 for the two half finders.
    static func dimension(of outlines: (FinderOutline, FinderOutline, FinderOutline)) -> Int? {
        let (corner, right, down) = outlines
        func centre(_ outline: FinderOutline) -> ImagePoint {
            ImagePoint(
                x: outline.corners.map(\.x).reduce(0, +) / 4, y: outline.corners.map(\.y).reduce(0, +) / 4)
        }
        func distance(_ p: ImagePoint, _ q: ImagePoint) -> Double {
            ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()
        }
        let alongProduct = corner.modules.along * right.modules.along
        let acrossProduct = corner.modules.across * down.modules.across
        guard alongProduct > 0, acrossProduct > 0 else { return nil }
        let along = distance(centre(corner), centre(right)) / alongProduct.squareRoot()
        let across = distance(centre(corner), centre(down)) / acrossProduct.squareRoot()
        let modules = (along + across) / 2 + 7
        let version = Int(((modules - 17) / 4).rounded())
        guard (1...40).contains(version) else { return nil }
        return 17 + 4 * version
    }

    /// The module counts to try for a code of which only some finders show an outline (`outlines`, in
    /// frame order, nil where missing; `frame` their patterns): per side, the distance between the
    /// finder centres over the geometric mean of the module sizes known along it (an outline's, else
    /// the pattern's own estimate), snapped to a QR size, and the sizes one and two versions either
    /// side (a far finder's unknown, smaller modules make the estimate low); versions 1–40 only.
    static func dimensions(
        of outlines: [FinderOutline?], frame: (FinderPattern, FinderPattern, FinderPattern)
    ) -> [Int] {
        let patterns = [frame.0, frame.1, frame.2]
        guard outlines.count == 3 else { return [] }
        func centre(_ index: Int) -> ImagePoint {
            guard let outline = outlines[index] else { return ImagePoint(x: patterns[index].x, y: patterns[index].y) }
            return ImagePoint(
                x: outline.corners.map(\.x).reduce(0, +) / 4, y: outline.corners.map(\.y).reduce(0, +) / 4)
        }
        func side(to index: Int, along: Bool) -> Double? {
            let sizes = [0, index].map { end in
                outlines[end].map { along ? $0.modules.along : $0.modules.across } ?? patterns[end].module
            }
            let mean = (sizes[0] * sizes[1]).squareRoot()
            guard mean > 0 else { return nil }
            let (p, q) = (centre(0), centre(index))
            return ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot() / mean
        }
        guard let along = side(to: 1, along: true), let across = side(to: 2, along: false) else { return [] }
        let version = Int((((along + across) / 2 + 7 - 17) / 4).rounded())
        return [0, 1, -1, 2, -2].map { version + $0 }.filter { (1...40).contains($0) }.map { 17 + 4 * $0 }
    }

    /// The module coordinates of the twelve outline corners of a code of `dimension` modules, in the
    /// order of `outlines`' corners (top-left, top-right, bottom-left finder).
    static func moduleCorners(dimension: Int) -> [ImagePoint] {
        let far = Double(dimension - 7)
        return [(0.0, 0.0), (far, 0), (0, far)].flatMap { origin in
            [(0.0, 0.0), (7, 0), (7, 7), (0, 7)].map { ImagePoint(x: origin.0 + $0.0, y: origin.1 + $0.1) }
        }
    }
}

extension GrayImage {
    /// The homography from module coordinates of a code of `dimension` modules to this binarised image,
    /// fitted (least squares) to the twelve finder outline corners, and, from version 2 on, refined with
    /// the alignment pattern found near where that fit puts it (`alignmentPattern(through:dimension:)`).
    func outlineHomography(
        _ outlines: (FinderOutline, FinderOutline, FinderOutline), dimension: Int
    ) -> Homography? {
        outlineHomography(
            source: FinderOutline.moduleCorners(dimension: dimension),
            target: outlines.0.corners + outlines.1.corners + outlines.2.corners, dimension: dimension)
    }

    /// `outlineHomography` for a code of which only some finders show an outline (`outlines`, in
    /// frame order, nil where missing): a missing one's centre (`frame`) stands for its four corners.
    func outlineHomography(
        _ outlines: [FinderOutline?], frame: (FinderPattern, FinderPattern, FinderPattern), dimension: Int
    ) -> Homography? {
        guard outlines.count == 3 else { return nil }
        let corners = FinderOutline.moduleCorners(dimension: dimension)
        let patterns = [frame.0, frame.1, frame.2]
        var source: [ImagePoint] = []
        var target: [ImagePoint] = []
        for index in 0..<3 {
            let own = Array(corners[(4 * index)..<(4 * index + 4)])
            if let outline = outlines[index] {
                source += own
                target += outline.corners
            } else {
                let centre = ImagePoint(x: own[0].x + 3.5, y: own[0].y + 3.5)
                source += Array(repeating: centre, count: 4)
                target += Array(repeating: ImagePoint(x: patterns[index].x, y: patterns[index].y), count: 4)
            }
        }
        return outlineHomography(source: source, target: target, dimension: dimension)
    }

    /// The homography fitted to `source` module points and their `target` image points, refined with
    /// the alignment pattern found near where that fit puts it (version 2 on).
    private func outlineHomography(source: [ImagePoint], target: [ImagePoint], dimension: Int) -> Homography? {
        guard let fitted = Homography(fitting: source, to: target) else { return nil }
        guard let alignment = alignmentPattern(through: fitted, dimension: dimension) else { return fitted }
        // The alignment centre weighs as much as one finder's four corners.
        let centre = Double(dimension) - 6.5
        return Homography(
            fitting: source + Array(repeating: ImagePoint(x: centre, y: centre), count: 4),
            to: target + Array(repeating: alignment, count: 4)) ?? fitted
    }

    /// The alignment pattern of a code of `dimension` modules (version 2 and up) whose module grid
    /// `homography` maps to this binarised image approximately: the position within two modules of
    /// its expected centre (module (n − 6.5, n − 6.5)), in quarter-module steps, whose 5 × 5 modules,
    /// sampled through the homography, match the pattern best; nil when none matches 21 of the 25.
    func alignmentPattern(through homography: Homography, dimension: Int) -> ImagePoint? {
        guard dimension >= 25 else { return nil }
        let centre = Double(dimension) - 6.5
        var best: (score: Int, distance: Int, point: ImagePoint)?
        for dv in -8...8 {
            for du in -8...8 {
                let u = centre + Double(du) / 4
                let v = centre + Double(dv) / 4
                var score = 0
                for j in -2...2 {
                    for i in -2...2 {
                        let point = homography.apply(u + Double(i), v + Double(j))
                        let x = point.x.rounded()
                        let y = point.y.rounded()
                        let wantDark = max(abs(i), abs(j)) != 1
                        if x >= 0, y >= 0, x < Double(width), y < Double(height),
                            (pixels[Int(y) * width + Int(x)] == 0) == wantDark
                        {
                            score += 1
                        }
                    }
                }
                let distance = du * du + dv * dv
                if best.map({ score > $0.score || (score == $0.score && distance < $0.distance) }) ?? true {
                    best = (score, distance, homography.apply(u, v))
                }
            }
        }
        guard let best, best.score >= 21 else { return nil }
        return best.point
    }
}

extension Homography {
    /// The map with coefficients `h` (h0 … h7).
    init(h: [Double]) {
        self.h = h
    }

    /// The map that takes `source` points to `target` points best in the least-squares sense of the
    /// linear (DLT) equations, over four or more pairs; both point sets are first moved to their
    /// centroid and scaled to a mean distance of √2 from it (Hartley's normalisation), so that pixel
    /// and module coordinates of any size give well-conditioned equations. Nil when the points are
    /// (nearly) degenerate.
    init?(fitting source: [ImagePoint], to target: [ImagePoint]) {
        guard source.count == target.count, source.count >= 4 else { return nil }
        func normalisation(_ points: [ImagePoint]) -> (scale: Double, cx: Double, cy: Double)? {
            let cx = points.map(\.x).reduce(0, +) / Double(points.count)
            let cy = points.map(\.y).reduce(0, +) / Double(points.count)
            let mean =
                points.map { (($0.x - cx) * ($0.x - cx) + ($0.y - cy) * ($0.y - cy)).squareRoot() }.reduce(0, +)
                / Double(points.count)
            guard mean > 1e-9 else { return nil }
            return (2.0.squareRoot() / mean, cx, cy)
        }
        guard let s = normalisation(source), let t = normalisation(target) else { return nil }
        // Normal equations AᵀA·h = Aᵀb of the 2 equations per pair, in the 8 unknowns.
        var normal = [[Double]](repeating: [Double](repeating: 0, count: 9), count: 8)
        for (p, q) in zip(source, target) {
            let u = (p.x - s.cx) * s.scale
            let v = (p.y - s.cy) * s.scale
            let x = (q.x - t.cx) * t.scale
            let y = (q.y - t.cy) * t.scale
            for (row, rhs) in [([u, v, 1, 0, 0, 0, -u * x, -v * x], x), ([0, 0, 0, u, v, 1, -u * y, -v * y], y)] {
                for i in 0..<8 {
                    for j in 0..<8 { normal[i][j] += row[i] * row[j] }
                    normal[i][8] += row[i] * rhs
                }
            }
        }
        guard let n = Self.solve(normal) else { return nil }
        // H = T_target⁻¹ · N · T_source, with T(p) = scale·(p − c).
        let m: [[Double]] = [[n[0], n[1], n[2]], [n[3], n[4], n[5]], [n[6], n[7], 1]]
        let ts: [[Double]] = [[s.scale, 0, -s.scale * s.cx], [0, s.scale, -s.scale * s.cy], [0, 0, 1]]
        let tInverse: [[Double]] = [[1 / t.scale, 0, t.cx], [0, 1 / t.scale, t.cy], [0, 0, 1]]
        func product(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
            (0..<3).map { i in (0..<3).map { j in (0..<3).map { a[i][$0] * b[$0][j] }.reduce(0, +) } }
        }
        let full = product(tInverse, product(m, ts))
        let last = full[2][2]
        guard abs(last) > 1e-12 else { return nil }
        h = [full[0][0], full[0][1], full[0][2], full[1][0], full[1][1], full[1][2], full[2][0], full[2][1]].map {
            $0 / last
        }
    }

    /// Gauss–Jordan elimination with partial pivoting on an n × (n + 1) augmented matrix; nil when a
    /// pivot is not above `pivotAbove` in magnitude (singular or nearly).
    static func solve(_ input: [[Double]], pivotAbove: Double = 1e-12) -> [Double]? {
        var rows = input
        let count = rows.count
        for column in 0..<count {
            guard
                let pivot = (column..<count).max(by: { abs(rows[$0][column]) < abs(rows[$1][column]) }),
                abs(rows[pivot][column]) > pivotAbove
            else { return nil }
            rows.swapAt(column, pivot)
            for row in 0..<count where row != column {
                let factor = rows[row][column] / rows[column][column]
                if factor == 0 { continue }
                for index in column...count { rows[row][index] -= factor * rows[column][index] }
            }
        }
        return (0..<count).map { rows[$0][count] / rows[$0][$0] }
    }
}
