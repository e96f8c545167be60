import Testing

@testable import QRImaging

/// The scan passes' pixel filters against the formulas they implement, written here the plain way
/// (every window summed pixel by pixel), on seeded random images of awkward sizes: the filters' fast
/// loops (edge columns apart, wrapping arithmetic) must give the same pixels.
@Suite("Scan filters")
struct ScanFiltersTests {
    /// Sizes with one- and two-pixel sides, sides just around the threshold window, and a larger one.
    static let sizes: [(Int, Int)] = [
        (1, 1), (1, 9), (9, 1), (2, 2), (2, 7), (3, 3), (14, 15), (15, 16), (16, 40), (61, 47),
    ]

    static func randomImage(width: Int, height: Int, seed: UInt64) -> GrayImage {
        var state = seed
        let pixels = (0..<(width * height)).map { _ -> UInt8 in
            // SplitMix64.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return UInt8(truncatingIfNeeded: z ^ (z >> 31))
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    /// A 3×3 mean, rounded, with coordinates outside the image clamped to its edge.
    static func referenceBlur(_ image: GrayImage) -> GrayImage {
        let (w, h) = (image.width, image.height)
        guard w > 1, h > 1 else { return image }
        var out = image
        for y in 0..<h {
            for x in 0..<w {
                var total = 0
                for dy in -1...1 {
                    for dx in -1...1 { total += Int(image[min(w - 1, max(0, x + dx)), min(h - 1, max(0, y + dy))]) }
                }
                out[x, y] = UInt8((total + 4) / 9)
            }
        }
        return out
    }

    /// Black where (pixel + offset) is below the mean of the window of `radius` around it (clipped).
    static func referenceThreshold(_ image: GrayImage, offset: Int) -> GrayImage {
        let (w, h) = (image.width, image.height)
        let radius = max(7, min(w, h) / 16)
        var out = image
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0
                var count = 0
                for yy in max(0, y - radius)..<min(h, y + radius + 1) {
                    for xx in max(0, x - radius)..<min(w, x + radius + 1) {
                        sum += Int(image[xx, yy])
                        count += 1
                    }
                }
                out[x, y] = (Int(image[x, y]) + offset) * count < sum ? 0 : 255
            }
        }
        return out
    }

    @Test func boxBlurMatchesTheFormula() {
        for (index, (w, h)) in Self.sizes.enumerated() {
            let image = Self.randomImage(width: w, height: h, seed: UInt64(index))
            #expect(image.boxBlurred().pixels == Self.referenceBlur(image).pixels, "\(w)×\(h)")
        }
    }

    @Test func sharpeningMatchesTheFormula() {
        for (index, (w, h)) in Self.sizes.enumerated() {
            let image = Self.randomImage(width: w, height: h, seed: 100 + UInt64(index))
            let blurred = Self.referenceBlur(image)
            let expected = zip(image.pixels, blurred.pixels).map { value, mean in
                UInt8(clamping: Int(value) + 2 * (Int(value) - Int(mean)))
            }
            #expect(image.sharpened().pixels == expected, "\(w)×\(h)")
        }
    }

    @Test func invertingMatchesTheFormula() {
        for (index, (w, h)) in Self.sizes.enumerated() {
            let image = Self.randomImage(width: w, height: h, seed: 300 + UInt64(index))
            #expect(image.inverted().pixels == image.pixels.map { 255 - $0 }, "\(w)×\(h)")
        }
    }

    @Test func adaptiveThresholdMatchesTheFormula() {
        for (index, (w, h)) in Self.sizes.enumerated() {
            // Random pixels and a smooth ramp with a dark square: both sides of the threshold occur.
            let noise = Self.randomImage(width: w, height: h, seed: 200 + UInt64(index))
            var ramp = GrayImage(width: w, height: h, fill: 0)
            for y in 0..<h {
                for x in 0..<w {
                    ramp[x, y] = (x > w / 3 && x < w / 2 && y > h / 3) ? 20 : UInt8(min(255, 100 + 3 * x))
                }
            }
            for image in [noise, ramp] {
                #expect(
                    image.adaptiveThresholded().pixels == Self.referenceThreshold(image, offset: 5).pixels, "\(w)×\(h)")
            }
        }
    }
}
