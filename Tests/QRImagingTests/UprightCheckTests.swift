import Foundation
import Testing

@testable import QRImaging

@Suite("Timing-pattern check of resampled codes")
struct UprightCheckTests {
    @Test func anUprightCodeAtItsOwnSizeShowsItsTimingPatterns() throws {
        let matrix = try QRCodeGenerator.encode(Data("timing patterns, version 3 or so".utf8))
        let dimension = matrix.size
        let image = matrix.rasterize(scale: 3, margin: 4)
        #expect(image.showsTimingPatterns(dimension: dimension, scale: 3))
    }

    @Test func noCodeOrTheWrongSizeDoesNot() throws {
        let matrix = try QRCodeGenerator.encode(Data("timing patterns, version 3 or so".utf8))
        let dimension = matrix.size
        // A blank image of the right size has no finder contrast at all.
        let blank = GrayImage(width: (dimension + 8) * 3, height: (dimension + 8) * 3, fill: 255)
        #expect(!blank.showsTimingPatterns(dimension: dimension, scale: 3))
        // A size that does not match the image is refused.
        #expect(!matrix.rasterize(scale: 3, margin: 4).showsTimingPatterns(dimension: dimension, scale: 2))
    }
}
