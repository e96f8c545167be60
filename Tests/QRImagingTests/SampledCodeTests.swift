import Foundation
import Testing

@testable import QRImaging

@Suite("Codes read module by module from their finder patterns")
struct SampledCodeTests {
    /// The modules of a code drawn by `sampledCode` (`scale` px a module, 4-module quiet zone), row by
    /// row as `QRMatrix.modules` holds them.
    static func modules(of image: GrayImage, dimension: Int, scale: Int) -> [Bool] {
        (0..<dimension * dimension).map { index in
            image[(index % dimension + 4) * scale, (index / dimension + 4) * scale] == 0
        }
    }

    /// The generated code under perspective, its finder patterns found as the scanner finds them.
    static func frame(of image: GrayImage) throws -> (GrayImage, (FinderPattern, FinderPattern, FinderPattern), Int) {
        let binary = image.blockBinarized()
        let group = try #require(FinderPattern.codeGroups(binary.finderPatterns(), limit: 1).first)
        let frame = try #require(GrayImage.oriented(group))
        let dimension = try #require(FinderPattern.dimension(of: group))
        return (binary, frame, dimension)
    }

    @Test func aCodeUnderPerspectiveIsReadModuleForModule() throws {
        let matrix = try QRCodeGenerator.encode(Data("module by module, under perspective".utf8))
        let flat = matrix.rasterize(scale: 6, margin: 4)
        let side = Double(flat.width)
        let skewed = flat.corpusPerspective(corners: [
            (side * 0.08, side * 0.02), (side * 0.95, side * 0.10), (side * 0.90, side * 0.97),
            (side * 0.02, side * 0.88),
        ])
        let (binary, frame, dimension) = try Self.frame(of: skewed)
        #expect(dimension == matrix.size)
        let alignment = binary.alignmentPattern(corner: frame.0, right: frame.1, down: frame.2, dimension: dimension)
        #expect(alignment != nil)
        let (drawn, _) = try #require(
            binary.sampledCode(finders: frame, alignment: alignment, dimension: dimension, scale: 2))
        #expect(drawn.width == (dimension + 8) * 2 && drawn.height == drawn.width)
        let read = Self.modules(of: drawn, dimension: dimension, scale: 2)
        let wrong = zip(read, matrix.modules).filter { $0 != $1 }.count
        #expect(wrong == 0, "\(wrong) modules read wrong")
        // The quiet zone is drawn light, and ZBar reads the drawing.
        #expect((0..<drawn.width).allSatisfy { drawn[$0, 0] == 255 && drawn[$0, 7] == 255 })
        let symbols = try QRScanner(options: QRScanOptions(passes: [.plain])).scan(drawn, budget: nil)
        #expect(symbols.map(\.text) == ["module by module, under perspective"])
    }

    @Test func aCodeOfOnePixelAModuleIsDrawnLargeEnoughForZBar() throws {
        // 1-px modules: the bilinear resampling at 2 px a module blurs every edge; reading each module's
        // pixel gives the code back exactly.
        let matrix = try QRCodeGenerator.encode(Data(String(repeating: "one pixel a module ", count: 8).utf8))
        let image = matrix.rasterize(scale: 1, margin: 4)
        let (binary, frame, dimension) = try Self.frame(of: image)
        let (drawn, _) = try #require(
            binary.sampledCode(finders: frame, alignment: nil, dimension: dimension, scale: 2))
        #expect(dimension == matrix.size)
        #expect(Self.modules(of: drawn, dimension: dimension, scale: 2) == matrix.modules)
    }

    @Test func modulesOutsideTheImageAreLight() throws {
        let matrix = try QRCodeGenerator.encode(Data("cut off".utf8))
        let image = matrix.rasterize(scale: 4, margin: 4)
        let (binary, frame, dimension) = try Self.frame(of: image)
        // The same frame, shifted so the code's right half lies beyond the image's edge.
        let shift = Double(image.width) * 0.6
        func moved(_ pattern: FinderPattern) -> FinderPattern {
            FinderPattern(x: pattern.x + shift, y: pattern.y, module: pattern.module, hits: pattern.hits)
        }
        let (drawn, _) = try #require(
            binary.sampledCode(
                finders: (moved(frame.0), moved(frame.1), moved(frame.2)), alignment: nil, dimension: dimension,
                scale: 2))
        let read = Self.modules(of: drawn, dimension: dimension, scale: 2)
        // Columns of the right half, in every row.
        #expect(read.indices.filter { $0 % dimension >= dimension - dimension / 2 }.allSatisfy { !read[$0] })
    }
}
