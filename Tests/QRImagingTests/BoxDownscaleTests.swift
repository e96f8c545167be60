import QRAuthTestSupport
import Testing

@testable import QRImaging

/// The vectorised box downscale behind the `downscaled` pass gives exactly the rounded block means.
@Suite("Box downscale")
struct BoxDownscaleTests {
    @Test(arguments: [2, 3, 4, 5, 7])
    func everyPixelIsTheRoundedMeanOfItsBlock(_ factor: Int) {
        var generator = SeededGenerator(seed: UInt64(factor))
        let width = 53
        let height = 38
        let pixels = (0..<(width * height)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let image = GrayImage(width: width, height: height, pixels: pixels)
        let (reduced, map) = image.boxDownscaled(by: factor)
        #expect(reduced.width == width / factor)
        #expect(reduced.height == height / factor)
        for y in 0..<reduced.height {
            for x in 0..<reduced.width {
                var sum = 0
                for dy in 0..<factor {
                    for dx in 0..<factor { sum += Int(image[x * factor + dx, y * factor + dy]) }
                }
                let area = factor * factor
                #expect(Int(reduced[x, y]) == (sum + area / 2) / area, "pixel (\(x), \(y))")
            }
        }
        let centre = map.apply(x: 0, y: 0)
        #expect(centre.x == Double(factor - 1) / 2)
    }

    @Test func twoThirdsIsTheAreaMeanOfEachOutputPixel() {
        var generator = SeededGenerator(seed: 23)
        let (width, height) = (47, 31)  // not multiples of 3: the last partial blocks are dropped
        let pixels = (0..<(width * height)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let image = GrayImage(width: width, height: height, pixels: pixels)
        let (reduced, map) = image.boxDownscaledTwoThirds()
        #expect(reduced.width == 30 && reduced.height == 20)
        // Output pixel u covers source [1.5u, 1.5u + 1.5): weights (in thirds) of the three source
        // pixels of its block are 2, 1, 0 for the first output pixel and 0, 1, 2 for the second.
        let weights = [[2, 1, 0], [0, 1, 2]]
        for y in 0..<reduced.height {
            for x in 0..<reduced.width {
                var sum = 0
                for dy in 0..<3 {
                    for dx in 0..<3 {
                        let weight = weights[y % 2][dy] * weights[x % 2][dx]
                        sum += weight * Int(image[x / 2 * 3 + dx, y / 2 * 3 + dy])
                    }
                }
                #expect(Int(reduced[x, y]) == (sum + 4) / 9, "pixel (\(x), \(y))")
            }
        }
        // Centres: output pixel u's area centre is 1.5u + 0.75 in edge coordinates, 1.5u + 0.25 in pixel ones.
        for u in [0.0, 1.0, 7.0] {
            let point = map.apply(x: u, y: u)
            #expect(point.x == 1.5 * u + 0.25 && point.y == 1.5 * u + 0.25)
        }
    }
}
