import Foundation
import QRAuthTestSupport
import Testing

@testable import QRImaging

@Suite("Finder patterns")
struct FinderPatternTests {
    /// `code` pasted into `canvas` with its top-left corner at (`x`, `y`).
    static func paste(_ code: GrayImage, into canvas: inout GrayImage, x: Int, y: Int) {
        for row in 0..<code.height {
            for column in 0..<code.width {
                canvas[x + column, y + row] = code[column, row]
            }
        }
    }

    /// How many pixels darker than mid-grey lie outside `region`.
    static func darkPixelsOutside(_ region: (left: Int, top: Int, right: Int, bottom: Int), of image: GrayImage) -> Int
    {
        var count = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y] < 128 {
                if x < region.left || x >= region.right || y < region.top || y >= region.bottom { count += 1 }
            }
        }
        return count
    }

    @Test func threeFinderPatternsOfAGeneratedCode() throws {
        let matrix = try QRCodeGenerator.encode(Data("finder patterns".utf8))
        let image = matrix.rasterize(scale: 3, margin: 4)
        let patterns = image.finderPatterns()
        #expect(patterns.count == 3, "\(patterns)")
        // Finder centres: 3.5 modules in from the code's corners (plus the 4-module quiet zone).
        let near = 4 * 3 + 3.5 * 3
        let far = Double(image.width) - near
        for (x, y) in [(near, near), (far, near), (near, far)] {
            #expect(
                patterns.contains { abs($0.x + 0.5 - x) <= 2 && abs($0.y + 0.5 - y) <= 2 && abs($0.module - 3) < 1 },
                "no pattern at \(x), \(y): \(patterns)")
        }
        #expect(GrayImage(width: 100, height: 80, fill: 255).finderPatterns().isEmpty)
    }

    @Test func mergingOnlyWithPatternsInReachFindsWhatMergingWithAllFinds() throws {
        // Codes of 2 to 9 px modules on a speckled background: the binarised noise gives a candidate
        // every few pixels, and with `minHits: 1` the one-row patterns it makes are kept, so every
        // merge decision shows in the result.
        var random = SeededGenerator(seed: 0x5EED_F1D)
        var image = GrayImage(width: 520, height: 400, fill: 0)
        for index in image.pixels.indices { image.pixels[index] = UInt8.random(in: 60...200, using: &random) }
        let matrix = try QRCodeGenerator.encode(Data("pruned merge".utf8))
        for (scale, x, y) in [(2, 10, 10), (3, 120, 30), (5, 250, 10), (9, 10, 150), (4, 330, 220)] {
            Self.paste(matrix.rasterize(scale: scale, margin: 1), into: &image, x: x, y: y)
        }
        let binary = image.blockBinarized()
        for (rowStep, minHits) in [(1, 1), (1, 2), (2, 1)] {
            let pruned = binary.finderPatterns(rowStep: rowStep, minHits: minHits)
            let all = binary.finderPatterns(rowStep: rowStep, minHits: minHits, prunes: false)
            #expect(pruned == all, "rowStep \(rowStep), minHits \(minHits)")
            #expect(pruned.count > 15, "rowStep \(rowStep), minHits \(minHits): \(pruned.count) patterns")
        }
        // The codes' own finder patterns are among them (3 px modules and up: 15 confirmed patterns).
        #expect(binary.finderPatterns().filter(\.isConfirmed).count >= 12)
    }

    @Test func aSmallCodeBesideALargeOneIsReadToo() throws {
        // Both are read from their finder patterns; without `finders`, the large code (8-px modules)
        // reads on the halved copy and fills under half of the image, the small one (2-px modules) is
        // lost there, and its finder patterns send the scan to full size.
        let large = try QRCodeGenerator.encode(Data("the large code".utf8)).rasterize(scale: 8, margin: 4)
        let small = try QRCodeGenerator.encode(Data("the small code".utf8)).rasterize(scale: 2, margin: 4)
        var canvas = GrayImage(width: large.width + small.width + 40, height: large.height + 20, fill: 255)
        Self.paste(large, into: &canvas, x: 10, y: 10)
        Self.paste(small, into: &canvas, x: large.width + 30, y: 40)
        for passes in [QRScanPass.defaultOrder, QRScanPass.defaultOrder.filter { $0 != .finders }] {
            let symbols = try QRScanner(options: QRScanOptions(passes: passes)).scan(canvas, budget: nil)
            #expect(Set(symbols.compactMap(\.text)) == ["the large code", "the small code"], "\(passes)")
        }
    }

    @Test func aLoneCodeDoesNotPayForAFullSizeScan() throws {
        // A code filling under half of the image, with nothing else in it: the halved copy reads it, and
        // without unexplained finder patterns the full-size scan is skipped.
        let code = try QRCodeGenerator.encode(Data("alone".utf8)).rasterize(scale: 8, margin: 4)
        var canvas = GrayImage(width: code.width * 2, height: code.height + 40, fill: 255)
        Self.paste(code, into: &canvas, x: 20, y: 20)
        let passes = QRScanPass.defaultOrder.filter { $0 != .finders }
        let report = try QRScanner(options: QRScanOptions(passes: passes)).scanReport(canvas, budget: nil)
        #expect(report.symbols.map(\.text) == ["alone"])
        #expect(report.passesRun == [.downscaled])
        // With `finders` (the default), the code is read from its finder patterns before any ZBar pass.
        let found = try QRScanner().scanReport(canvas, budget: nil)
        #expect(found.symbols.map(\.text) == ["alone"])
        #expect(found.passesRun == [.finders])
    }

    @Test func findersComeFirstInLargeImagesToo() throws {
        // A 1600 × 1200 photo-sized frame: the finder search runs on the reduced working copy before any
        // ZBar pass, and reads the code from its own drawing.
        let code = try QRCodeGenerator.encode(Data("large frame, finders first".utf8)).rasterize(scale: 8, margin: 4)
        var canvas = GrayImage(width: 1600, height: 1200, fill: 255)
        Self.paste(code, into: &canvas, x: 700, y: 300)
        let report = try QRScanner().scanReport(canvas, budget: nil)
        #expect(report.symbols.map(\.text) == ["large frame, finders first"])
        #expect(report.passesRun == [.finders])
        #expect(report.symbols.first?.segments?.map(\.mode) == [.byte])
    }

    @Test func aSmallCodeInALargeFrameIsReadByTheFullSizeFinderSearch() throws {
        // 2-px modules at an odd offset in a 1500 × 1100 frame: the working copy (halved) and the
        // downscaled copies average every module with its neighbour into grey, so no pass before sees
        // it; the finder search on the image as given does, and reads it last.
        let code = try QRCodeGenerator.encode(Data("a small code far away".utf8)).rasterize(scale: 2, margin: 3)
        var canvas = GrayImage(width: 1500, height: 1100, fill: 170)
        Self.paste(code, into: &canvas, x: 901, y: 403)
        let report = try QRScanner().scanReport(canvas, budget: nil)
        #expect(report.symbols.map(\.text) == ["a small code far away"], "\(report.passesRun)")
        #expect(report.symbols.map(\.pass) == [.finders])
        #expect(
            report.symbols.first?.points.allSatisfy { $0.x > 900 && $0.x < 1000 && $0.y > 400 && $0.y < 500 } == true)
        // Over `smallCodeSearchUpTo` the search does not run: the same code in a 3200-px frame is missed.
        var huge = GrayImage(width: 3200, height: 400, fill: 170)
        Self.paste(code, into: &huge, x: 1901, y: 103)
        #expect(try QRScanner().scan(huge, budget: nil).isEmpty)
    }

    @Test func aBlurredTurnedSmallCodeInAPhotoIsReadOnTheImageAsGiven() throws {
        // Fixtures/small (scripts/make-small-code-set.py): codes of about 2 px modules, turned, blurred and
        // noisy in 1500 × 1000 photo-like frames. The halved working copy shows their finder patterns with
        // modules of 1.5–2 px (or none), and its groups read nothing; they are read again, last, with the finder patterns
        // of the image as given or, where its noise hides them, the working copy's mapped to it, drawn from the
        // image as given sharpened. small-a009 reads only sharpened; small-c000 only with the finder runs whose
        // like edges hold (its light rings come out 0–1 px wide there).
        let manifest = try FixtureManifest("small", columns: 2)
        #expect(manifest.rows.count == 4)
        let scanner = try QRScanner()
        for row in manifest.rows {
            let image = try ImageDecoder.decode(manifest.data(row[0]))
            let expected = try RealPhotoTests.hexBytes(row[1])
            let report = try QRScanner().scanReport(image, budget: nil)
            #expect(report.symbols.map(\.bytes) == [expected], "\(row[0])")
            #expect(report.symbols.map(\.pass) == [.finders], "\(row[0])")
            var views = PassViews(original: image)
            #expect(scanner.scanGroups(views.unreadGroups([]), views: &views).isEmpty, "\(row[0])")
            let found = views.smallCodeGroups()
            let small = try #require(found, "\(row[0])")
            let read = scanner.scanGroups(small.groups, views: &views, state: small.state)
            #expect(read.map(\.bytes) == [expected], "\(row[0])")
            if row[0] == "small-a009.jpg" {
                var unsharpened = small.state
                unsharpened.working = image
                #expect(scanner.scanGroups(small.groups, views: &views, state: unsharpened).isEmpty)
            }
            if row[0] == "small-c000.jpg" {
                let widths = FinderPattern.codeGroups(small.state.binary.finderPatterns(), limit: 3)
                #expect(scanner.scanGroups(widths, views: &views, state: small.state).isEmpty)
            }
        }
    }

    @Test func edgeToEdgeDistancesTakeAFinderWhoseLightRingsNarrowed() {
        // A blurred finder of 2-px modules thresholded off the middle of its edges: dark runs widen, light ones
        // narrow, the distances between like edges (3 + 1, 1 + 8, 8 + 1, 1 + 3 = 2, 4, 4, 2 modules) hold.
        #expect(!GrayImage.isFinderRatio(3, 1, 8, 1, 3))
        #expect(GrayImage.isFinderRatio(3, 1, 8, 1, 3, edgeToEdge: true))
        #expect(GrayImage.isFinderRatio(2, 2, 6, 2, 2) && GrayImage.isFinderRatio(2, 2, 6, 2, 2, edgeToEdge: true))
        // Not a finder either way: a long run at one end, an even stripe pattern, a core of one module.
        for runs in [(1, 1, 1, 1, 10), (2, 2, 2, 2, 6), (4, 3, 2, 3, 4)] {
            #expect(!GrayImage.isFinderRatio(runs.0, runs.1, runs.2, runs.3, runs.4, edgeToEdge: true), "\(runs)")
        }
        // In an image: the widened finder is found with edgeToEdge only.
        var image = GrayImage(width: 40, height: 40, fill: 255)
        for y in 0..<40 {
            for x in 0..<40 {
                let ring = max(abs(x - 20), abs(y - 20))
                // Half-widths from the centre: core 4 (8 px), light ring to 5 (1 px), dark ring to 8 (3 px).
                if ring <= 4 || (ring > 5 && ring <= 8) { image.pixels[y * 40 + x] = 0 }
            }
        }
        #expect(image.finderPatterns().isEmpty)
        let found = image.finderPatterns(edgeToEdge: true)
        #expect(found.count == 1)
        #expect(found.first.map { abs($0.x - 20) <= 1 && abs($0.y - 20) <= 1 } == true)
    }

    @Test func aCodeNestedInALargerOneIsReadByItsFinderRegion() throws {
        // A small code in the middle of a larger one (the larger one's data covered there): both are
        // read, the small one from the crop around its own finder patterns.
        let outer = try QRCodeGenerator.encode(
            Data(String(repeating: "outer code ", count: 6).utf8), options: QRCodeOptions(errorCorrection: .high)
        ).rasterize(scale: 6, margin: 4)
        let inner = try QRCodeGenerator.encode(Data("inner".utf8)).rasterize(scale: 3, margin: 2)
        var canvas = outer
        Self.paste(inner, into: &canvas, x: (outer.width - inner.width) / 2, y: (outer.height - inner.height) / 2)
        let report = try QRScanner().scanReport(canvas, budget: nil)
        let texts = Set(report.symbols.compactMap(\.text))
        #expect(texts.contains("inner"), "\(report)")
    }

    /// The code of `text` at `scale` px a module (4-module margin) with its bottom-left finder pattern
    /// and separator blanked: only the top two show, a pair.
    static func codeWithoutBottomLeftFinder(_ text: String, scale: Int) throws -> GrayImage {
        try codeWithoutFinder(text, scale: scale, corner: (0, 1))
    }

    /// The code of `text` at `scale` px a module (4-module margin) with the finder pattern and separator
    /// at `corner` blanked: (0, 0) top left, (1, 0) top right, (0, 1) bottom left.
    static func codeWithoutFinder(_ text: String, scale: Int, corner: (x: Int, y: Int)) throws -> GrayImage {
        let matrix = try QRCodeGenerator.encode(Data(text.utf8))
        var code = matrix.rasterize(scale: scale, margin: 4)
        let left = (4 + corner.x * (matrix.size - 8)) * scale
        let top = (4 + corner.y * (matrix.size - 8)) * scale
        for y in top..<(top + 8 * scale) {
            for x in left..<(left + 8 * scale) { code[x, y] = 255 }
        }
        return code
    }

    @Test func aPairsCompletionsHoldTheThirdFinder() throws {
        // Of every two of a code's finder patterns, one completion puts the third where it is.
        let image = try QRCodeGenerator.encode(Data("completions".utf8)).rasterize(scale: 4, margin: 4)
        let patterns = image.finderPatterns()
        try #require(patterns.count == 3)
        for missing in 0..<3 {
            let pair = patterns.indices.filter { $0 != missing }.map { patterns[$0] }
            let completions = FinderPattern.completions(of: pair)
            #expect(completions.count == 6)
            let third = patterns[missing]
            #expect(
                completions.contains { triple in
                    abs(triple[2].x - third.x) <= third.module && abs(triple[2].y - third.y) <= third.module
                }, "\(missing): \(completions.map { $0[2] })")
        }
        #expect(FinderPattern.completions(of: Array(patterns.prefix(1))).isEmpty)
        #expect(FinderPattern.completions(of: patterns).isEmpty)
    }

    @Test(arguments: [(0, 0), (1, 0), (0, 1)])
    func aCodeWithoutOneFinderIsReadThroughThePairsCompletions(corner: (Int, Int)) throws {
        // ZBar reads no code without three finder patterns; the pair's completions draw it whole, and
        // the blanked finder's modules are errors the code corrects.
        let text = "a finder lost to glare"
        let code = try Self.codeWithoutFinder(text, scale: 4, corner: (corner.0, corner.1))
        for image in [code, Self.onLargeCanvas(code)] {
            var views = PassViews(original: image)
            #expect(views.unreadGroups([]).map(\.count) == [2])
            let report = try QRScanner().scanReport(image)
            #expect(report.symbols.map(\.text) == [text], "\(report)")
            #expect(report.passesRun == [.finders])
            let symbol = try #require(report.symbols.first)
            #expect(symbol.pass == .finders)
            // The corners enclose the code's middle.
            let middle = image.width == code.width ? code.width / 2 : 300 + code.width / 2
            let centre = image.width == code.width ? code.height / 2 : 150 + code.height / 2
            #expect(symbol.contains(ImagePoint(x: Double(middle), y: Double(centre))))
        }
    }

    /// `code` pasted at (300, 150) into a white 640 × 480 image: a small code in a large photo.
    static func onLargeCanvas(_ code: GrayImage) -> GrayImage {
        var canvas = GrayImage(width: 640, height: 480, fill: 255)
        paste(code, into: &canvas, x: 300, y: 150)
        return canvas
    }

    /// A finder pattern of `module` px centred at (`x`, `y`), with a one-module light border.
    static func paintFinder(into canvas: inout GrayImage, x: Int, y: Int, module: Int) {
        for row in -4...4 {
            for column in -4...4 {
                let ring = max(abs(row), abs(column))
                let value: UInt8 = ring == 4 || ring == 2 ? 255 : 0
                for dy in 0..<module {
                    for dx in 0..<module {
                        canvas[x + column * module - module / 2 + dx, y + row * module - module / 2 + dy] = value
                    }
                }
            }
        }
    }

    @Test func patternsInsideAReadCodeWithItsModulesArePartOfIt() throws {
        // Two finder-like patterns inside a code, with its module size, stand for an alignment pattern
        // or data that looks like a finder: once the code is read they leave no group to scan for more
        // codes. The same patterns at a third of the module size may be a nested code's and stay.
        for (module, partOfCode) in [(6, true), (2, false)] {
            var canvas = try QRCodeGenerator.encode(
                Data(String(repeating: "outer code ", count: 8).utf8), options: QRCodeOptions(errorCorrection: .high)
            ).rasterize(scale: 6, margin: 4)
            let centre = canvas.width / 2
            Self.paintFinder(into: &canvas, x: centre - 5 * module, y: centre, module: module)
            Self.paintFinder(into: &canvas, x: centre + 5 * module, y: centre, module: module)
            let symbols = try QRScanner().scan(canvas, budget: nil)
            #expect(symbols.count == 1 && symbols.first?.text?.hasPrefix("outer code") == true, "\(symbols)")
            var views = PassViews(original: canvas)
            let painted = views.unreadGroups([]).joined().filter { abs($0.y - Double(centre)) < Double(module) }
            #expect(painted.count == 2, "module \(module): \(views.unreadGroups([]))")
            let left = views.unreadGroups(symbols).joined().filter { abs($0.y - Double(centre)) < Double(module) }
            #expect(left.count == (partOfCode ? 0 : 2), "module \(module): \(views.unreadGroups(symbols))")
        }
    }

    @Test func onceACodeIsReadOnlyAnotherTripleIsScanned() throws {
        // Code A is read; code B shows its three finders; two lone finder patterns (larger modules, so
        // that they group only with each other) make a pair. Before a read every group is worth
        // scanning; after it, B's triple only: A's own group is A again, and a pair, or a triple seen
        // on a row or two, is far more often a photo's texture or noise than a second code.
        let a = try QRCodeGenerator.encode(Data("code A".utf8)).rasterize(scale: 4, margin: 4)
        let b = try QRCodeGenerator.encode(Data("code B".utf8)).rasterize(scale: 4, margin: 4)
        var canvas = GrayImage(width: 700, height: 400, fill: 255)
        Self.paste(a, into: &canvas, x: 20, y: 20)
        Self.paste(b, into: &canvas, x: 300, y: 20)
        Self.paintFinder(into: &canvas, x: 520, y: 300, module: 8)
        Self.paintFinder(into: &canvas, x: 620, y: 300, module: 8)
        let placed = AffineMap(a: 1, b: 0, c: 20, d: 0, e: 1, f: 20)
        let readA = try #require(QRScanner().decode(a, map: placed, pass: .plain).first)
        var views = PassViews(original: canvas)
        let groups = views.unreadGroups([])
        let pair = try #require(groups.first { $0.count == 2 }, "\(groups)")
        #expect(pair.allSatisfy { $0.y > 250 }, "\(pair)")
        let triples = groups.filter { $0.count == 3 }
        let ownOfA = try #require(triples.first { $0.allSatisfy { $0.x < 300 } }, "\(groups)")
        let ofB = try #require(triples.first { $0.allSatisfy { $0.x > 300 && $0.x < 500 } }, "\(groups)")
        let before = groups.map { views.isWorthScanning($0, after: []) }
        #expect(!before.contains(false))
        // B's triple seen on a row or two only, as noise makes them: not worth a scan after a read.
        let faintB = ofB.map { FinderPattern(x: $0.x, y: $0.y, module: $0.module, hits: 2) }
        let after = [ownOfA, ofB, pair, faintB].map { views.isWorthScanning($0, after: [readA]) }
        #expect(after == [false, true, false, false])
    }

    @Test func passesGatedOnAFinderGroupScanOnlyItsRegion() throws {
        // A small code in a large, otherwise blank image: the region holds every dark pixel of the code
        // and is a fraction of the image; a gated pass's view is that region and reads the code with its
        // corners in the original image's coordinates.
        let code = try QRCodeGenerator.encode(Data("gated region".utf8)).rasterize(scale: 3, margin: 4)
        var canvas = GrayImage(width: 640, height: 480, fill: 255)
        Self.paste(code, into: &canvas, x: 400, y: 250)
        var views = PassViews(original: canvas)
        let found = views.groupRegion()
        let region = try #require(found)
        #expect(region.left <= 400 + 12 && region.top <= 250 + 12)
        #expect(region.right >= 400 + code.width - 12 && region.bottom >= 250 + code.height - 12)
        #expect((region.right - region.left) * (region.bottom - region.top) < canvas.width * canvas.height / 4)
        let gated = views.view(for: .binarized, copy: .main, passes: QRScanPass.defaultOrder)
        let view = try #require(gated)
        #expect(view.image.width == region.right - region.left && view.image.height == region.bottom - region.top)
        let symbol = try #require(QRScanner().decode(view.image, map: view.map, pass: .binarized).first)
        #expect(symbol.text == "gated region")
        for point in symbol.points {
            #expect(point.x >= 400 && point.x <= Double(400 + code.width), "\(point)")
            #expect(point.y >= 250 && point.y <= Double(250 + code.height), "\(point)")
        }
        // Without `finders` among the passes nothing is gated, and the view is the whole image.
        let ungated = views.view(for: .binarized, copy: .main, passes: [.binarized])
        let whole = try #require(ungated)
        #expect(whole.image.width == canvas.width && whole.image.height == canvas.height)
    }

    @Test func theGroupRegionHoldsTheFourthCornerOfATurnedCode() throws {
        // Turned 45°, the corner opposite the top-left finder lies outside the box of the three finder
        // centres; the mirrored centres bring it in. Every dark pixel must be inside the region.
        let code = try QRCodeGenerator.encode(Data("turned code".utf8)).rasterize(scale: 3, margin: 4)
        var canvas = GrayImage(width: 500, height: 500, fill: 255)
        Self.paste(code, into: &canvas, x: 40, y: 40)
        let (turned, _) = canvas.rotated(degrees: 45)
        var views = PassViews(original: turned)
        let found = views.groupRegion()
        let region = try #require(found)
        #expect(Self.darkPixelsOutside(region, of: turned) == 0)
    }

    @Test func theGroupRegionOfTwoFinderPatternsHoldsTheCode() throws {
        // The bottom-left finder pattern blanked: only the pair of the top two is found, and the code
        // reaches the pair's distance below them. Every dark pixel that is left must be inside the region.
        let code = try Self.codeWithoutBottomLeftFinder("two finder patterns", scale: 3)
        let canvas = Self.onLargeCanvas(code)
        var views = PassViews(original: canvas)
        #expect(views.unreadGroups([]).map(\.count) == [2])
        let found = views.groupRegion()
        let region = try #require(found)
        #expect(Self.darkPixelsOutside(region, of: canvas) == 0)
    }

    @Test func aPairWhoseCropIsMostOfTheImageIsLeftToTheFullSizePasses() throws {
        // The bottom-left finder blanked: a pair. In a large canvas its crop is scanned by ZBar (after
        // the drawings of its completions); where the crop would be most of the image at its own scale,
        // it is the image the later full-size passes scan, and the pair gives no crop.
        let code = try Self.codeWithoutBottomLeftFinder("pair crop", scale: 5)
        for (image, crops) in [(Self.onLargeCanvas(code), 2), (code, 0)] {
            var passViews = PassViews(original: image)
            let groups = passViews.unreadGroups([])
            #expect(groups.map(\.count) == [2], "\(groups)")
            let group = try #require(groups.first)
            let made = passViews.groupViews(group, best: true).compactMap { $0() }
            #expect(made.filter { $0.dimension == nil }.count == crops, "\(image.width) × \(image.height)")
            // Four completions put the pair on a side; on the diagonal they would make a code under version 1.
            #expect(made.filter(\.isSampled).count == 4)
        }
    }

    @Test func onlyAConfirmedLightRingIsEvidenceOfALightOnDarkCode() throws {
        // issue-54-1 and issue-59-inverted are read only inverted, and their light finder rings are
        // seen on most rows of their cores. issue-14-regression and sidewalk show a light ring in their
        // print or texture on a row or two: once enough for a full-size `inverted` pass, no longer.
        let photos = try RealPhotoTests.photos()
        for (name, evidence) in [
            ("issue-54-1.png", true), ("issue-59-inverted.png", true), ("issue-14-regression.png", false),
            ("sidewalk.png", false),
        ] {
            let photo = try #require(photos.first { $0.name == name })
            var views = PassViews(original: photo.image)
            let rings = views.finders().binary.inverted().finderPatterns()
            #expect(!rings.isEmpty, "\(name)")
            let shows = views.showsInvertedFinder()
            #expect(shows == evidence, "\(name): \(rings)")
        }
    }

    @Test func aRegionCoveringMostOfTheImageIsNotCut() throws {
        // A code filling the image: scanning a crop of 70 % or more of it is not worth a copy.
        let image = try QRCodeGenerator.encode(Data("fills the image".utf8)).rasterize(scale: 4, margin: 4)
        var views = PassViews(original: image)
        let region = views.groupRegion()
        #expect(region == nil)
    }
}
