import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The image transforms behind the scan passes. Each returns a new image (and, where geometry
/// changes, the map from the new image's pixel coordinates back to this image's).
extension GrayImage {
    /// Light and dark swapped.
    func inverted() -> GrayImage {
        // A plain loop over the buffers, which the compiler vectorises (`map` did a pixel at a time).
        let count = pixels.count
        let output = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            pixels.withUnsafeBufferPointer { source in
                for index in 0..<count { out[index] = ~source[index] }
            }
            initialized = count
        }
        return GrayImage(width: width, height: height, pixels: output)
    }

    /// Luminance stretched linearly so the 1st percentile becomes black and the 99th white; nil when
    /// the image already spans most of the range (the pass would change nothing).
    func contrastStretched() -> GrayImage? {
        guard !pixels.isEmpty else { return nil }
        var histogram = [Int](repeating: 0, count: 256)
        for value in pixels { histogram[Int(value)] += 1 }
        let cut = pixels.count / 100
        var low = 0
        var seen = 0
        while low < 255, seen + histogram[low] <= cut {
            seen += histogram[low]
            low += 1
        }
        var high = 255
        seen = 0
        while high > low, seen + histogram[high] <= cut {
            seen += histogram[high]
            high -= 1
        }
        guard high - low < 200, high > low else { return nil }
        var table = [UInt8](repeating: 0, count: 256)
        for value in 0..<256 {
            let scaled = (value - low) * 255 / (high - low)
            table[value] = UInt8(clamping: scaled)
        }
        return GrayImage(width: width, height: height, pixels: pixels.map { table[Int($0)] })
    }

    /// Black where a pixel is darker than the mean of its neighbourhood (a window about 1/8 of the
    /// shorter side) by more than a small offset, white elsewhere.
    func adaptiveThresholded(offset: Int = 5) -> GrayImage {
        let w = width
        let h = height
        guard w > 0, h > 0 else { return self }
        let radius = max(7, min(w, h) / 16)
        let stride = w + 1
        // Summed-area table: sums[(y + 1) * stride + x + 1] is the sum of pixels[0...y][0...x], modulo 2³²
        // (half the memory of `Int` entries to write and read back). A window's sum, taken from four entries
        // with wrapping arithmetic, is exact while it stays under 2³²: a window is at most an eighth of the
        // shorter side (plus one) square, 255 a pixel, so up to a shorter side of about 32 000 px; the scan
        // thresholds its working image, at most `PassViews.workingAbove` on its longer side.
        return filtered(scratch: UInt32.self, count: stride * (h + 1)) { pixelBase, sums, outBase in
            for y in 0..<h {
                let above = sums + y * stride + 1
                let here = sums + (y + 1) * stride + 1
                let row = pixelBase + y * w
                var rowSum: UInt32 = 0
                for x in 0..<w {
                    rowSum &+= UInt32(row[x])
                    here[x] = above[x] &+ rowSum
                }
            }
            // The window [x - radius, x + radius] clipped to the image: its left edge is 0 up to
            // `radius`, its right edge `w` from `w - radius - 1`; between, both move with x.
            for y in 0..<h {
                let top = max(0, y - radius)
                let bottom = min(h, y + radius + 1)
                let upper = UnsafePointer(sums + top * stride)
                let lower = UnsafePointer(sums + bottom * stride)
                let rows = bottom - top
                let row = pixelBase + y * w
                let target = outBase + y * w
                @inline(__always) func decide(_ x: Int, _ left: Int, _ right: Int) {
                    let sum = Int(lower[right] &- upper[right] &- lower[left] &+ upper[left])
                    let count = rows &* (right &- left)
                    target[x] = (Int(row[x]) &+ offset) &* count < sum ? 0 : 255
                }
                let firstInner = min(radius, w)
                let lastInner = max(firstInner, w - radius - 1)
                for x in 0..<firstInner { decide(x, 0, min(w, x + radius + 1)) }
                for x in firstInner..<lastInner { decide(x, x - radius, x + radius + 1) }
                for x in lastInner..<w { decide(x, max(0, x - radius), w) }
            }
        }
    }

    /// An image of this size whose pixels `body` writes, from this image's pixels and a scratch table
    /// of `count` zeros (at least one, so the table has an address). Callers have pixels to read.
    private func filtered<Scratch: FixedWidthInteger>(
        scratch: Scratch.Type, count: Int,
        _ body: (UnsafePointer<UInt8>, UnsafeMutablePointer<Scratch>, UnsafeMutablePointer<UInt8>) -> Void
    ) -> GrayImage {
        var table = [Scratch](repeating: 0, count: max(1, count))
        let output = [UInt8](unsafeUninitializedCapacity: width * height) { out, initialized in
            pixels.withUnsafeBufferPointer { source in
                table.withUnsafeMutableBufferPointer { table in
                    guard let source = source.baseAddress, let table = table.baseAddress, let out = out.baseAddress
                    else { return }
                    body(source, table, out)
                    initialized = width * height
                }
            }
        }
        return GrayImage(width: width, height: height, pixels: output)
    }

    /// A 3×3 box blur (edges use the pixels that exist).
    func boxBlurred() -> GrayImage {
        let w = width
        let h = height
        guard w > 1, h > 1 else { return self }
        // Row sums of three (the edge pixel counted again at each end), then three rows of them.
        return filtered(scratch: UInt16.self, count: w * h) { pixelBase, sums, outBase in
            for y in 0..<h {
                let row = pixelBase + y * w
                let target = sums + y * w
                target[0] = UInt16(row[0]) &* 2 &+ UInt16(row[1])
                for x in 1..<(w - 1) {
                    target[x] = UInt16(row[x - 1]) &+ UInt16(row[x]) &+ UInt16(row[x + 1])
                }
                target[w - 1] = UInt16(row[w - 2]) &+ UInt16(row[w - 1]) &* 2
            }
            for y in 0..<h {
                let up = sums + max(0, y - 1) * w
                let middle = sums + y * w
                let down = sums + min(h - 1, y + 1) * w
                let target = outBase + y * w
                for x in 0..<w {
                    let total = UInt32(up[x]) &+ UInt32(middle[x]) &+ UInt32(down[x])
                    target[x] = UInt8(truncatingIfNeeded: (total &+ 4) / 9)
                }
            }
        }
    }

    /// Unsharp mask: each pixel pushed away from its 3×3 neighbourhood mean by `amount` times the difference.
    func sharpened(amount: Int = 2) -> GrayImage {
        let blurred = boxBlurred()
        let count = pixels.count
        let output = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            pixels.withUnsafeBufferPointer { source in
                blurred.pixels.withUnsafeBufferPointer { means in
                    for index in 0..<count {
                        let value = Int(source[index])
                        out[index] = UInt8(clamping: value &+ amount &* (value &- Int(means[index])))
                    }
                }
            }
            initialized = count
        }
        return GrayImage(width: width, height: height, pixels: output)
    }

    /// Each `factor`×`factor` block averaged into one pixel.
    func boxDownscaled(by factor: Int) -> (GrayImage, AffineMap) {
        let w = width / factor
        let h = height / factor
        guard factor > 1, w > 0, h > 0 else { return (self, .identity) }
        let area = UInt32(factor * factor)
        let used = w * factor
        let sourceWidth = width
        // Rows are summed vertically first (a loop the compiler vectorises), then each run of `factor`
        // column sums is added horizontally: about two operations per source pixel.
        var columns = [UInt32](repeating: 0, count: used)
        let output = [UInt8](unsafeUninitializedCapacity: w * h) { out, initialized in
            pixels.withUnsafeBufferPointer { source in
                columns.withUnsafeMutableBufferPointer { sums in
                    guard let sourceBase = source.baseAddress, let sumsBase = sums.baseAddress else { return }
                    for y in 0..<h {
                        sumsBase.update(repeating: 0, count: used)
                        for dy in 0..<factor {
                            let row = sourceBase + (y * factor + dy) * sourceWidth
                            for x in 0..<used { sumsBase[x] &+= UInt32(row[x]) }
                        }
                        var start = 0
                        for x in 0..<w {
                            var sum: UInt32 = 0
                            for dx in 0..<factor { sum &+= sumsBase[start + dx] }
                            start += factor
                            out[y * w + x] = UInt8((sum + area / 2) / area)
                        }
                    }
                }
            }
            initialized = w * h
        }
        let scale = Double(factor)
        let map = AffineMap(a: scale, b: 0, c: (scale - 1) / 2, d: 0, e: scale, f: (scale - 1) / 2)
        return (GrayImage(width: w, height: h, pixels: output), map)
    }

    /// Area-averaged to two thirds of the size: each 3×3 block becomes 2×2 pixels, the middle row and
    /// column of the block shared half and half (per axis the weights are 2/3, 1/3 and 1/3, 2/3).
    func boxDownscaledTwoThirds() -> (GrayImage, AffineMap) {
        let blocksWide = width / 3
        let blocksHigh = height / 3
        let w = blocksWide * 2
        let h = blocksHigh * 2
        guard w > 0, h > 0 else { return (self, .identity) }
        let sourceWidth = width
        // Each source row is first reduced horizontally (sums of 2a + b and b + 2c, i.e. ×3), then
        // three such rows give two output rows (×3 again), rounded and divided by 9.
        var rows = [UInt16](repeating: 0, count: 3 * w)
        let output = [UInt8](unsafeUninitializedCapacity: w * h) { out, initialized in
            pixels.withUnsafeBufferPointer { source in
                rows.withUnsafeMutableBufferPointer { sums in
                    guard let sourceBase = source.baseAddress, let sumsBase = sums.baseAddress else { return }
                    for block in 0..<blocksHigh {
                        for dy in 0..<3 {
                            let row = sourceBase + (block * 3 + dy) * sourceWidth
                            let target = sumsBase + dy * w
                            for x in 0..<blocksWide {
                                let (a, b, c) = (UInt16(row[3 * x]), UInt16(row[3 * x + 1]), UInt16(row[3 * x + 2]))
                                target[2 * x] = 2 &* a &+ b
                                target[2 * x + 1] = b &+ 2 &* c
                            }
                        }
                        let (top, middle, bottom) = (sumsBase, sumsBase + w, sumsBase + 2 * w)
                        let upper = block * 2 * w
                        let lower = upper + w
                        for x in 0..<w {
                            let (a, b, c) = (UInt32(top[x]), UInt32(middle[x]), UInt32(bottom[x]))
                            out[upper + x] = UInt8((2 &* a &+ b &+ 4) / 9)
                            out[lower + x] = UInt8((b &+ 2 &* c &+ 4) / 9)
                        }
                    }
                }
            }
            initialized = w * h
        }
        // Output pixel u covers source [1.5u, 1.5u + 1.5): its centre is source pixel 1.5u + 0.25.
        let map = AffineMap(a: 1.5, b: 0, c: 0.25, d: 0, e: 1.5, f: 0.25)
        return (GrayImage(width: w, height: h, pixels: output), map)
    }

    /// Nearest-neighbour upscaling by an integer factor: every pixel becomes a `factor`×`factor` block.
    func replicated(by factor: Int) -> (GrayImage, AffineMap) {
        let w = width * factor
        var output = [UInt8](repeating: 0, count: w * height * factor)
        pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let row = y * factor * w
                    for x in 0..<width {
                        let value = source[y * width + x]
                        for dx in 0..<factor { out[row + x * factor + dx] = value }
                    }
                    for dy in 1..<max(1, factor) {
                        for x in 0..<w { out[row + dy * w + x] = out[row + x] }
                    }
                }
            }
        }
        let scale = 1 / Double(factor)
        let map = AffineMap(a: scale, b: 0, c: scale / 2 - 0.5, d: 0, e: scale, f: scale / 2 - 0.5)
        return (GrayImage(width: w, height: height * factor, pixels: output), map)
    }

    /// Bilinear upscaling by 2, in integers: per axis, output pixel 2i is ¾ of source pixel i and ¼ of
    /// i − 1, pixel 2i + 1 is ¾ of i and ¼ of i + 1 (edges clamped), i.e. samples at i ∓ ¼.
    func bilinearDoubled() -> (GrayImage, AffineMap) {
        let w = width
        let h = height
        let map = AffineMap(a: 0.5, b: 0, c: -0.25, d: 0, e: 0.5, f: -0.25)
        guard w > 0, h > 0 else { return (self, .identity) }
        let outWidth = 2 * w
        // Rows doubled horizontally first (values ×4), then pairs of such rows blended vertically (×4 again).
        var wide = [UInt16](repeating: 0, count: outWidth * h)
        pixels.withUnsafeBufferPointer { source in
            wide.withUnsafeMutableBufferPointer { rows in
                for y in 0..<h {
                    let row = y * w
                    let target = y * outWidth
                    for x in 0..<w {
                        let centre = 3 &* UInt16(source[row + x])
                        rows[target + 2 * x] = centre &+ UInt16(source[row + max(0, x - 1)])
                        rows[target + 2 * x + 1] = centre &+ UInt16(source[row + min(w - 1, x + 1)])
                    }
                }
            }
        }
        let output = [UInt8](unsafeUninitializedCapacity: outWidth * 2 * h) { out, initialized in
            wide.withUnsafeBufferPointer { rows in
                for y in 0..<h {
                    let centre = y * outWidth
                    let above = max(0, y - 1) * outWidth
                    let below = min(h - 1, y + 1) * outWidth
                    let upper = 2 * y * outWidth
                    let lower = upper + outWidth
                    for x in 0..<outWidth {
                        let middle = 3 &* UInt32(rows[centre + x])
                        out[upper + x] = UInt8((middle &+ UInt32(rows[above + x]) &+ 8) >> 4)
                        out[lower + x] = UInt8((middle &+ UInt32(rows[below + x]) &+ 8) >> 4)
                    }
                }
            }
            initialized = outWidth * 2 * h
        }
        return (GrayImage(width: outWidth, height: 2 * h, pixels: output), map)
    }

    /// Bilinear upscaling by an integer factor.
    func upscaled(by factor: Int) -> (GrayImage, AffineMap) {
        let scale = 1 / Double(factor)
        let map = AffineMap(a: scale, b: 0, c: scale / 2 - 0.5, d: 0, e: scale, f: scale / 2 - 0.5)
        return (resampled(width: width * factor, height: height * factor, map: map, fill: 255), map)
    }

    /// Rotated by `degrees` (counter-clockwise on screen) about the centre, on a canvas that holds the
    /// whole rotated image; the corners are filled with the mean of the border pixels.
    func rotated(degrees: Double) -> (GrayImage, AffineMap) {
        let radians = degrees * .pi / 180
        let cosine = cos(radians)
        let sine = sin(radians)
        let newWidth = Int((abs(Double(width) * cosine) + abs(Double(height) * sine)).rounded(.up))
        let newHeight = Int((abs(Double(width) * sine) + abs(Double(height) * cosine)).rounded(.up))
        let originalCentreX = Double(width - 1) / 2
        let originalCentreY = Double(height - 1) / 2
        let newCentreX = Double(newWidth - 1) / 2
        let newCentreY = Double(newHeight - 1) / 2
        let map = AffineMap(
            a: cosine, b: -sine, c: originalCentreX - cosine * newCentreX + sine * newCentreY,
            d: sine, e: cosine, f: originalCentreY - sine * newCentreX - cosine * newCentreY
        )
        return (resampled(width: newWidth, height: newHeight, map: map, fill: borderMean()), map)
    }

    /// The mean luminance of the outermost rows and columns.
    func borderMean() -> UInt8 {
        guard width > 0, height > 0 else { return 255 }
        var sum = 0
        var count = 0
        for x in 0..<width {
            sum += Int(self[x, 0]) + Int(self[x, height - 1])
            count += 2
        }
        for y in 0..<height {
            sum += Int(self[0, y]) + Int(self[width - 1, y])
            count += 2
        }
        return UInt8(sum / count)
    }

    /// A `width`×`height` image whose pixel (u, v) is this image sampled bilinearly at `map(u, v)`;
    /// points outside get `fill`.
    func resampled(width newWidth: Int, height newHeight: Int, map: AffineMap, fill: UInt8) -> GrayImage {
        var output = [UInt8](repeating: fill, count: newWidth * newHeight)
        let w = width
        let h = height
        guard w > 0, h > 0 else { return GrayImage(width: newWidth, height: newHeight, pixels: output) }
        pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { out in
                for v in 0..<newHeight {
                    var x = map.b * Double(v) + map.c
                    var y = map.e * Double(v) + map.f
                    for u in 0..<newWidth {
                        defer {
                            x += map.a
                            y += map.d
                        }
                        guard x > -1, y > -1, x < Double(w), y < Double(h) else { continue }
                        let x0 = Int(x.rounded(.down))
                        let y0 = Int(y.rounded(.down))
                        let fx = x - Double(x0)
                        let fy = y - Double(y0)
                        let xa = max(0, x0)
                        let xb = min(w - 1, x0 + 1)
                        let ya = max(0, y0)
                        let yb = min(h - 1, y0 + 1)
                        let p00 = Double(source[ya * w + xa])
                        let p10 = Double(source[ya * w + xb])
                        let p01 = Double(source[yb * w + xa])
                        let p11 = Double(source[yb * w + xb])
                        let top = p00 + (p10 - p00) * fx
                        let bottom = p01 + (p11 - p01) * fx
                        out[v * newWidth + u] = UInt8(clamping: Int((top + (bottom - top) * fy).rounded()))
                    }
                }
            }
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: output)
    }
}
