import QRAuthTestSupport
import Testing

@testable import QRImaging

/// The transforms added for real photos: bilinear doubling (`upscaled`) and the block binariser
/// (`binarized`), checked against their definitions.
@Suite("Photo transforms")
struct PhotoTransformTests {
    @Test func bilinearDoublingSamplesAQuarterPixelEitherSide() {
        var generator = SeededGenerator(seed: 15)
        let (width, height) = (9, 7)
        let pixels = (0..<(width * height)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let image = GrayImage(width: width, height: height, pixels: pixels)
        let (doubled, map) = image.bilinearDoubled()
        #expect(doubled.width == 2 * width && doubled.height == 2 * height)
        // Output pixel u samples source u / 2 − 1/4, clamped at the edges: weights ¾ and ¼ per axis.
        func weights(_ u: Int, _ size: Int) -> [(Int, Int)] {
            let near = u / 2
            let far = u.isMultiple(of: 2) ? max(0, near - 1) : min(size - 1, near + 1)
            return [(near, 3), (far, 1)]
        }
        for v in 0..<doubled.height {
            for u in 0..<doubled.width {
                var sum = 0
                for (x, wx) in weights(u, width) {
                    for (y, wy) in weights(v, height) { sum += wx * wy * Int(image[x, y]) }
                }
                #expect(Int(doubled[u, v]) == (sum + 8) / 16, "pixel \(u), \(v)")
            }
        }
        let corner = map.apply(x: 0, y: 0)
        #expect(corner.x == -0.25 && corner.y == -0.25)
    }

    @Test func binariserFollowsUnevenLight() {
        // A checkerboard of 6-px squares (so every 8-px block holds an edge), dark = light − 60, under light that falls from 230 on the
        // left to 90 on the right: a single global threshold cannot split it, the block binariser does.
        let (width, height) = (160, 64)
        var image = GrayImage(width: width, height: height, fill: 0)
        for y in 0..<height {
            for x in 0..<width {
                let light = 230 - 140 * x / (width - 1)
                let dark = (x / 6 + y / 6).isMultiple(of: 2)
                image[x, y] = UInt8(dark ? light - 60 : light)
            }
        }
        let binary = image.blockBinarized()
        var wrong = 0
        for y in 0..<height {
            for x in 0..<width {
                let dark = (x / 6 + y / 6).isMultiple(of: 2)
                if (binary[x, y] == 0) != dark { wrong += 1 }
            }
        }
        #expect(Set(binary.pixels).isSubset(of: [0, 255]))
        #expect(wrong == 0)
        // A flat area stays white: no speckles from noise of a few levels.
        var generator = SeededGenerator(seed: 7)
        let flat = GrayImage(
            width: 64, height: 64, pixels: (0..<(64 * 64)).map { _ in UInt8.random(in: 180...190, using: &generator) })
        #expect(flat.blockBinarized().pixels.allSatisfy { $0 == 255 })
    }
}
