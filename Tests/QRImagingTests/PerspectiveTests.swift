import Foundation
import Testing

@testable import QRImaging

@Suite("Codes under strong perspective: finder outlines and the homography they fit")
struct PerspectiveTests {
    /// A code rasterised at 6 px a module and warped so that its right side is foreshortened to
    /// `right` of its height and pulled in to `depth` of the width: a code seen at 60–70° from the side.
    static func tilted(_ text: String, right: Double, depth: Double) throws -> (QRMatrix, GrayImage) {
        let matrix = try QRCodeGenerator.encode(Data(text.utf8))
        let flat = matrix.rasterize(scale: 6, margin: 4)
        let side = Double(flat.width)
        let inset = side * (1 - right) / 2
        let skewed = flat.corpusPerspective(corners: [
            (side * 0.05, side * 0.05), (side * depth, side * 0.05 + inset), (side * depth, side * 0.95 - inset),
            (side * 0.05, side * 0.95),
        ])
        return (matrix, skewed)
    }

    @Test func aFittedHomographyReproducesAnExactMap() throws {
        // A map with real perspective (h6, h7 ≠ 0), and the twelve finder corners of a version-3 code.
        let exact = Homography(h: [7.5, 1.2, 40, -0.8, 5.1, 25, 0.004, -0.002])
        let source = FinderOutline.moduleCorners(dimension: 29)
        let target = source.map { exact.apply($0.x, $0.y) }
        let fitted = try #require(Homography(fitting: source, to: target))
        for (u, v) in [(0.0, 0.0), (29, 29), (14.5, 3), (22.5, 22.5), (-4, 33)] {
            let want = exact.apply(u, v)
            let got = fitted.apply(u, v)
            #expect(abs(want.x - got.x) < 1e-6 && abs(want.y - got.y) < 1e-6, "(\(u), \(v)): \(got) ≠ \(want)")
        }
        // Four points: the same map as the exact four-point solution.
        let four = [source[0], source[6], source[10], source[3]]
        let direct = try #require(Homography(from: four, to: four.map { exact.apply($0.x, $0.y) }))
        let fittedFour = try #require(Homography(fitting: four, to: four.map { exact.apply($0.x, $0.y) }))
        for (a, b) in zip(direct.h, fittedFour.h) { #expect(abs(a - b) <= 1e-6 * max(1, abs(a))) }
        // Collinear points fit nothing.
        let line = (0..<6).map { ImagePoint(x: Double($0), y: Double(2 * $0)) }
        #expect(Homography(fitting: line, to: line) == nil)
    }

    @Test func theOutlineOfAnUprightFinderIsItsOuterRing() throws {
        let matrix = try QRCodeGenerator.encode(Data("outline".utf8))
        let image = matrix.rasterize(scale: 6, margin: 4)
        let group = try #require(FinderPattern.codeGroups(image.finderPatterns(), limit: 1).first)
        let frame = try #require(GrayImage.oriented(group))
        let (corner, right, down) = try #require(image.finderOutlines(frame))
        // Pixel (i, j) is centred on (i, j): the ring's first pixel column 24 starts at 23.5.
        let near = 4 * 6 - 0.5
        let far = near + 42
        let shift = Double(matrix.size - 7) * 6
        #expect(
            corner.corners == [(near, near), (far, near), (far, far), (near, far)].map { ImagePoint(x: $0.0, y: $0.1) })
        #expect(right.corners.map(\.x) == [near + shift, far + shift, far + shift, near + shift])
        #expect(down.corners.map(\.y) == [near + shift, near + shift, far + shift, far + shift])
        #expect(corner.modules.along == 6 && corner.modules.across == 6)
        #expect(FinderOutline.dimension(of: (corner, right, down)) == matrix.size)
        // A finder whose ring touches other dark pixels has no outline of its own.
        var touched = image
        for x in 0..<touched.width { touched[x, 4 * 6 - 1] = 0 }
        #expect(touched.finderOutlines(frame) == nil)
    }

    @Test func theOutlinesFitAPerspectiveTheFinderCentresMiss() throws {
        // The right side at 60 % of the height, pulled in to 55 % of the width: about 60° from the side.
        let (matrix, image) = try Self.tilted(
            "seen from the side, far past forty-five degrees", right: 0.6, depth: 0.55)
        let binary = image.blockBinarized()
        let groups = FinderPattern.codeGroups(binary.finderPatterns(), limit: 3)
        // Triples, the slanted ones too, come before pairs: a pair costs two ZBar runs over a crop.
        let sizes = groups.map(\.count)
        #expect(sizes == sizes.sorted(by: >), "\(sizes)")
        var found: (FinderOutline, FinderOutline, FinderOutline)?
        for group in groups where found == nil { found = binary.outlineFrame(group)?.outlines }
        let outlines = try #require(found, "\(groups)")
        let dimension = try #require(FinderOutline.dimension(of: outlines))
        #expect(dimension == matrix.size)
        let homography = try #require(binary.outlineHomography(outlines, dimension: dimension))
        let (drawn, _) = try #require(binary.sampledCode(through: homography, dimension: dimension, scale: 2))
        let read = SampledCodeTests.modules(of: drawn, dimension: dimension, scale: 2)
        let wrong = zip(read, matrix.modules).filter { $0 != $1 }.count
        #expect(wrong == 0, "\(wrong) modules read wrong")
    }

    @Test func aShearedFinderKeepsItsRingOrder() throws {
        // A finder seen far past 45° about a diagonal: a thin rhombus whose sides meet at 40°. Its
        // corners, given round the ring from another corner, come back in module-corner order; quadrants
        // around its centre along these axes would put two corners in one.
        let first = ImagePoint(x: 1, y: 0)
        let second = ImagePoint(x: cos(40 * Double.pi / 180), y: sin(40 * Double.pi / 180))
        func point(_ u: Double, _ v: Double) -> ImagePoint {
            ImagePoint(x: 100 + 2 * u * first.x + 6 * v * second.x, y: 80 + 2 * u * first.y + 6 * v * second.y)
        }
        let modules = [point(0, 0), point(7, 0), point(7, 7), point(0, 7)]
        for start in 0..<4 {
            for step in [1, 3] {
                let quad = (0..<4).map { modules[(start + step * $0) % 4] }
                let outline = try #require(FinderOutline(quad: quad, axes: (first, second)))
                #expect(outline.corners == modules, "start \(start), step \(step)")
            }
        }
        // Corners that do not run round a quad give no outline.
        #expect(FinderOutline(quad: [modules[0], modules[0], modules[2], modules[2]], axes: (first, second)) == nil)
    }

    @Test func aFarFinderWithoutOutlineIsStandedInForByItsCentre() throws {
        // The far (top-right) finder's ring touched by a dark bar running to the image's edge, as the
        // quiet zone's edge or the data touch a far finder foreshortened to a pixel or two: it has no
        // outline, so the twelve-corner fit does not apply; the other two outlines and its centre fit
        // the perspective.
        let text = "the far finder merges with its surroundings"
        let (matrix, tilted) = try Self.tilted(text, right: 0.45, depth: 0.55)
        let far = try #require(tilted.blockBinarized().finderPatterns().max { $0.x < $1.x })
        var image = tilted
        let row = Int(far.y.rounded()) + 1
        for x in Int(far.x.rounded())..<image.width { image[x, row] = 0 }
        let binary = image.blockBinarized()
        let groups = FinderPattern.codeGroups(binary.finderPatterns(), limit: 3).filter { $0.count == 3 }
        let group = try #require(groups.first, "\(groups)")
        #expect(binary.outlineFrame(group) == nil)
        let partial = try #require(binary.partialOutlineFrame(group))
        #expect(partial.outlines.map { $0 != nil } == [true, false, true])
        let dimensions = FinderOutline.dimensions(of: partial.outlines, frame: partial.frame)
        #expect(dimensions.contains(matrix.size), "\(dimensions)")
        let homography = try #require(
            binary.outlineHomography(partial.outlines, frame: partial.frame, dimension: matrix.size))
        let (drawn, _) = try #require(binary.sampledCode(through: homography, dimension: matrix.size, scale: 2))
        let read = SampledCodeTests.modules(of: drawn, dimension: matrix.size, scale: 2)
        let wrong = zip(read, matrix.modules).filter { $0 != $1 }.count
        #expect(wrong <= 3, "\(wrong) modules read wrong")
        #expect(try QRScanner().scan(image, budget: nil).map(\.text) == [text])
    }

    @Test func aCodeTiltedFarPastFortyFiveDegreesIsRead() throws {
        let text = "tilted far past forty-five degrees"
        // Read by none of the passes before the outlines (the finder centres' frame misses by modules).
        for (right, depth) in [(0.4, 0.55), (0.6, 0.55)] {
            let (_, image) = try Self.tilted(text, right: right, depth: depth)
            for turned in [image, image.corpusRotated(degrees: 90)] {
                let symbols = try QRScanner().scan(turned, budget: nil)
                #expect(symbols.map(\.text) == [text], "right \(right), depth \(depth)")
            }
        }
    }

    /// Each image of the fixture folder `name` (`file <TAB> expected payload hex`, `count` rows) scanned with the
    /// default passes: its file name, the payload expected and the symbols read.
    static func scannedFixtures(
        _ name: String, count: Int
    ) throws -> [(file: String, expected: Data, symbols: [QRSymbol])] {
        let manifest = try FixtureManifest(name, columns: 2)
        #expect(manifest.rows.count == count)
        return try manifest.rows.map { fields in
            let image = try ImageDecoder.decode(manifest.data(fields[0]))
            return (fields[0], try RealPhotoTests.hexBytes(fields[1]), try QRScanner().scan(image, budget: nil))
        }
    }

    @Test func photographedAtASlantBySomeoneElsesGeneratorAndCamera() throws {
        // Golden images of Fixtures/perspective (segno codes projected through a pinhole camera at 55°
        // and 65° from facing it, blurred, unevenly lit, noisy: scripts/make-perspective-set.py).
        for fixture in try Self.scannedFixtures("perspective", count: 2) {
            #expect(fixture.symbols.map(\.bytes) == [fixture.expected], "\(fixture.file)")
        }
    }

    @Test func onACylinderReadModuleByModule() throws {
        // Codes on a cylinder (Fixtures/curved: scripts/make-scan-classes.py, segno codes warped round a
        // vertical axis and bent). The finders pass reads their modules, through the finder patterns of the
        // block-binarised image or (curved-0) of the threshold image; ZBar, given the drawing, reads none,
        // and zxing-cpp 3.1.1 reads one.
        for fixture in try Self.scannedFixtures("curved", count: 5) {
            #expect(fixture.symbols.map(\.bytes) == [fixture.expected], "\(fixture.file)")
            #expect(
                fixture.symbols.map(\.pass) == [fixture.file == "curved-0.png" ? .threshold : .finders],
                "\(fixture.file)")
            #expect(fixture.symbols.first?.segments?.isEmpty == false, "\(fixture.file)")
        }
    }

    @Test func findersThatOnlyTheThresholdImageShowsAreReadAsAFindersGroup() throws {
        // curved-0's finder patterns do not survive block binarisation as a readable group, and ZBar does not
        // read its threshold image; the finder search on that image finds them, and its group is drawn and
        // read module by module, reported as `threshold`.
        let manifest = try FixtureManifest("curved", columns: 2)
        let row = try #require(manifest.rows.first { $0[0] == "curved-0.png" })
        let image = try ImageDecoder.decode(manifest.data(row[0]))
        func scan(_ passes: [QRScanPass]) throws -> QRScanReport {
            try QRScanner(options: QRScanOptions(passes: passes)).scanReport(image, budget: nil)
        }
        #expect(try scan([.finders]).symbols.isEmpty)
        #expect(try scan([.threshold]).symbols.isEmpty)
        let report = try scan([.finders, .threshold])
        #expect(report.symbols.map(\.bytes) == [try RealPhotoTests.hexBytes(row[1])])
        #expect(report.symbols.map(\.pass) == [.threshold])
        #expect(report.passesRun == [.finders, .threshold])
    }

    @Test(arguments: ["curved-2.png", "curved-6.png"])
    func aCodeOnACylinderIsReadAlongItsTimingRow(file: String) throws {
        // The homography of the finder centres misses these codes' squeezed sides at every module count;
        // read along the timing row, their columns fall into place.
        let manifest = try FixtureManifest("curved", columns: 2)
        let row = try #require(manifest.rows.first { $0[0] == file })
        let expected = try RealPhotoTests.hexBytes(row[1])
        let binary = try ImageDecoder.decode(manifest.data(file)).blockBinarized()
        let group = try #require(FinderPattern.codeGroups(binary.finderPatterns(), limit: 1).first)
        let frame = try #require(GrayImage.oriented(group))
        let estimate = try #require(FinderPattern.dimension(of: group))
        var bentReads: [Data] = []
        for dimension in [estimate, estimate - 4, estimate + 4] {
            let alignment = binary.alignmentPattern(
                corner: frame.0, right: frame.1, down: frame.2, dimension: dimension)
            let homography = try #require(
                GrayImage.codeHomography(finders: frame, alignment: alignment, dimension: dimension))
            let drawn = try #require(binary.sampledCode(through: homography, dimension: dimension, scale: 2))
            #expect(Self.payload(drawn.0, dimension: dimension) == nil, "\(dimension)")
            for across in [true, false] {
                if let bent = binary.bentCode(through: homography, dimension: dimension, scale: 2, across: across),
                    let payload = Self.payload(bent.0, dimension: dimension)
                {
                    bentReads.append(payload)
                }
            }
        }
        #expect(bentReads == [expected])
    }

    /// The payload of a code drawn upright at 2 px a module, where its modules correct.
    static func payload(_ drawing: GrayImage, dimension: Int) -> Data? {
        guard case .read(let segments)? = drawing.uprightModules(dimension: dimension, scale: 2)?.reading else {
            return nil
        }
        return segments.payload
    }

    @Test func timingEdgesAreMadeRegular() {
        // A speck (a 0.3-wide run) goes with its edges; runs two modules wide are split.
        #expect(GrayImage.regularised([0, 1, 2, 2.3, 3, 4, 6, 7]) == [0, 1, 2, 3, 4, 5, 6, 7])
        #expect(GrayImage.regularised([0, 1, 2, 3]) == [0, 1, 2, 3])
        #expect(GrayImage.regularised([0, 1.1, 3.3, 4.4]) == [0, 1.1, 2.2, 3.3, 4.4])
        #expect(GrayImage.regularised([]) == [])
        #expect(GrayImage.regularised([5]) == [5])
    }
}
