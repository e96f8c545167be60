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

    /// The modules of `matrix` drawn at 2 px a module with a 4-module quiet zone, read back.
    static func grid(_ matrix: QRMatrix) throws -> UprightModules {
        try #require(matrix.rasterize(scale: 2, margin: 4).uprightModules(dimension: matrix.size, scale: 2))
    }

    /// `matrix` with the modules of `damaged` (row-major indices) flipped.
    static func flipped(_ matrix: QRMatrix, _ damaged: [Int]) -> QRMatrix {
        var modules = matrix.modules
        for index in damaged { modules[index].toggle() }
        return QRMatrix(
            version: matrix.version, errorCorrection: matrix.errorCorrection, size: matrix.size, modules: modules)
    }

    /// `matrix` mirrored about its main diagonal: a code seen from behind, turned so that its finders
    /// sit where the scanner's frame puts them.
    static func transposed(_ matrix: QRMatrix) -> QRMatrix {
        let size = matrix.size
        var modules = matrix.modules
        for row in 0..<size {
            for column in 0..<size { modules[column * size + row] = matrix.modules[row * size + column] }
        }
        return QRMatrix(version: matrix.version, errorCorrection: matrix.errorCorrection, size: size, modules: modules)
    }

    @Test func aDrawnCodePassesTheErrorCorrectionAsDrawnOrMirrored() throws {
        let matrix = try QRCodeGenerator.encode(
            Data("error correction before ZBar".utf8), options: QRCodeOptions(errorCorrection: .medium))
        for code in [matrix, Self.transposed(matrix)] {
            let grid = try Self.grid(code)
            #expect(grid.modules == code.modules)
            #expect(grid.reading != .fails)
            #expect(grid.showsFormatInformation)
        }
        // Grey levels: the level is halfway between the finder's dark and light modules, not 128.
        let faint = matrix.rasterize(scale: 2, margin: 4)
        let grey = GrayImage(width: faint.width, height: faint.height, pixels: faint.pixels.map { $0 == 0 ? 150 : 190 })
        #expect(try #require(grey.uprightModules(dimension: matrix.size, scale: 2)).reading != .fails)
    }

    @Test func dataDamagedBeyondItsCorrectionKeepsItsFormatInformation() throws {
        let matrix = try QRCodeGenerator.encode(
            Data("error correction before ZBar".utf8), options: QRCodeOptions(errorCorrection: .low))
        let size = matrix.size
        // Every module of the bottom-right quarter (data only, from version 2 an alignment pattern too)
        // flipped: far more codewords than level L corrects.
        let quarter = (size / 2..<size).flatMap { row in (size / 2..<size).map { row * size + $0 } }
        let damaged = Self.flipped(matrix, quarter)
        let grid = try Self.grid(damaged)
        #expect(grid.reading == .fails)
        #expect(grid.showsFormatInformation)
        // A few modules wrong: corrected.
        let light = Self.flipped(matrix, [size * (size - 5) + size - 5, size * (size - 6) + size - 3])
        #expect(try Self.grid(light).reading != .fails)
    }

    @Test func finderLookalikesShowNoFormatInformation() throws {
        // Three finder patterns and nothing else, as on a printed form or a logo.
        let size = 29
        var modules = [Bool](repeating: false, count: size * size)
        for (left, top) in [(0, 0), (size - 7, 0), (0, size - 7)] {
            for y in 0..<7 {
                for x in 0..<7 where max(abs(x - 3), abs(y - 3)) != 2 { modules[(top + y) * size + left + x] = true }
            }
        }
        let shapes = QRMatrix(version: 3, errorCorrection: .low, size: size, modules: modules)
        let grid = try Self.grid(shapes)
        #expect(!grid.showsFormatInformation)
        #expect(grid.reading == .fails)
        // Sizes that are no version's, or that do not match the image, are refused.
        #expect(shapes.rasterize(scale: 2, margin: 4).uprightModules(dimension: 30, scale: 2) == nil)
        #expect(shapes.rasterize(scale: 2, margin: 4).uprightModules(dimension: size, scale: 3) == nil)
    }

    @Test func aCorrectedGridOfCharacterSegmentsIsReadWithoutZBar() throws {
        let payload = Data("read here, not by ZBar: 0123456789".utf8)
        let matrix = try QRCodeGenerator.encode(payload, options: QRCodeOptions(errorCorrection: .medium))
        let grid = try Self.grid(matrix)
        guard case .read(let segments) = grid.reading else {
            Issue.record("a clean code should be read: \(grid.reading)")
            return
        }
        #expect(segments.payload == payload)
        // A few modules wrong: still read, with the payload as made.
        let size = matrix.size
        let damaged = Self.flipped(matrix, [size * (size - 5) + size - 5, size * (size - 6) + size - 3])
        let repaired = try Self.grid(damaged)
        #expect(repaired.reading == grid.reading)
    }

    @Test func aGridWhosePayloadZBarDecidesIsLeftToZBar() throws {
        let payload = Data("ISO-8859-2 under an ECI designator".utf8)
        // An ECI designator: ZBar converts some charsets to UTF-8, so only ZBar says what it reports.
        let eci = try QRCodeGenerator.encode(payload, options: QRCodeOptions(errorCorrection: .medium, eci: 4))
        let eciGrid = try Self.grid(eci)
        #expect(eciGrid.reading == .forZBar)
        // Mirrored: ZBar orders the corners of a mirrored code its own way.
        let plain = try QRCodeGenerator.encode(payload, options: QRCodeOptions(errorCorrection: .medium))
        let mirrored = Self.transposed(plain)
        let mirroredGrid = try Self.grid(mirrored)
        #expect(mirroredGrid.reading == .forZBar)
        // Damaged beyond correction: neither reads it.
        let size = plain.size
        let quarter = (size / 2..<size).flatMap { row in (size / 2..<size).map { row * size + $0 } }
        let wiped = Self.flipped(plain, quarter)
        let wipedGrid = try Self.grid(wiped)
        #expect(wipedGrid.reading == .fails)
    }
}
