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
}
