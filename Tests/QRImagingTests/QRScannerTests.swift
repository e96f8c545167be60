import Foundation
import Testing

@testable import QRImaging

@Suite("QRScanner")
struct QRScannerTests {
    static let czech = "Potvrzení platby 1 250,00 Kč"

    @Test func decodesQREncodeOutputByteExact() throws {
        let image = try FixtureMatrix(named: "qrencode-czech-M.txt").image(scale: 4)
        let symbols = try QRScanner().scan(image)
        let symbol = try #require(symbols.first)
        #expect(symbols.count == 1)
        #expect(symbol.bytes == Data(Self.czech.utf8))
        #expect(symbol.text == Self.czech)
        #expect(symbol.symbology == .qrCode)
        #expect([.finders, .downscaled, .plain].contains(symbol.pass), "read without a repair pass: \(symbol.pass)")
        #expect(symbol.points.count == 4)
    }

    /// Every corner of `symbol` lies within `tolerance` px of a corner of the code drawn with `scale`-px
    /// modules and a 4-module quiet zone, its image placed at `origin` in the scanned image.
    static func expectCorners(
        of symbol: QRSymbol, modules: Int, scale: Int, at origin: (x: Int, y: Int) = (0, 0), within tolerance: Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(symbol.points.count == 4, sourceLocation: sourceLocation)
        let edges = [Double(4 * scale), Double((4 + modules) * scale)]
        for point in symbol.points {
            let (x, y) = (point.x - Double(origin.x), point.y - Double(origin.y))
            #expect(edges.contains { abs($0 - x) <= tolerance }, "x \(point.x)", sourceLocation: sourceLocation)
            #expect(edges.contains { abs($0 - y) <= tolerance }, "y \(point.y)", sourceLocation: sourceLocation)
        }
    }

    @Test func pointsLieOnTheSymbolCorners() throws {
        let matrix = try FixtureMatrix(named: "qrencode-czech-M.txt")
        let image = matrix.image(scale: 4)
        let symbol = try #require(try QRScanner().scan(image).first)
        Self.expectCorners(of: symbol, modules: matrix.rows.count, scale: 4, within: 3)
    }

    @Test func invertedCodeIsFoundByTheInvertedPass() throws {
        var image = try FixtureMatrix(named: "qrencode-czech-M.txt").image(scale: 4)
        image.pixels = image.pixels.map { 255 - $0 }
        let symbol = try #require(try QRScanner().scan(image).first)
        #expect(symbol.pass == .inverted)
        #expect(symbol.text == Self.czech)
    }

    @Test func plainOnlyScannerMissesInvertedCode() throws {
        var image = try FixtureMatrix(named: "qrencode-czech-M.txt").image(scale: 4)
        image.pixels = image.pixels.map { 255 - $0 }
        let report = try QRScanner(options: QRScanOptions(passes: [.plain])).scanReport(image)
        #expect(report.symbols.isEmpty)
        #expect(report.passesRun == [.plain])
        #expect(!report.budgetExhausted)
    }

    @Test func blankImageFindsNothingAfterEveryApplicablePass() throws {
        // Without `finders` (so without the finder search) every pass that applies runs.
        let passes = QRScanPass.directOrder
        let scanner = try QRScanner(options: QRScanOptions(passes: passes))
        // 200 × 150: halved first (shorter side ≥ 120), upscaled too (longer side ≤ 400).
        let report = scanner.scanReport(GrayImage(width: 200, height: 150, fill: 255))
        #expect(report.symbols.isEmpty)
        #expect(
            report.passesRun == [
                .downscaled, .plain, .inverted, .threshold, .binarized, .upscaled, .sharpened, .denoised,
            ]
        )
        // 110 × 150: too small to halve.
        let small = scanner.scanReport(GrayImage(width: 110, height: 150, fill: 255))
        #expect(small.passesRun == [.plain, .inverted, .threshold, .binarized, .upscaled, .sharpened, .denoised])
    }

    @Test func imageWithoutFinderPatternsSkipsThePassesThatNeedThem() throws {
        // The default order: no finder group, so no full-size `binarized`, `upscaled`, `sharpened`,
        // `denoised`; the halved copy's binarised image still runs where the image is halved. A light
        // border and no finder pattern in the inverted binarised image: no `inverted`.
        // Left half black, right half white: an edge for the finder search to see, no finder pattern.
        func halves(_ width: Int, _ height: Int) -> GrayImage {
            var image = GrayImage(width: width, height: height, fill: 255)
            for y in 0..<height { for x in 0..<(width / 2) { image.pixels[y * width + x] = 0 } }
            return image
        }
        let report = try QRScanner().scanReport(halves(200, 150))
        #expect(report.symbols.isEmpty)
        #expect(report.passesRun == [.downscaled, .threshold, .binarized])
        let small = try QRScanner().scanReport(halves(110, 150))
        #expect(small.passesRun == [.threshold])
        // A flat image: the finder search sees nothing there either way, so every pass runs.
        let flat = try QRScanner().scanReport(GrayImage(width: 110, height: 150, fill: 255))
        #expect(flat.passesRun == [.inverted, .threshold, .binarized, .upscaled, .sharpened, .denoised])
    }

    @Test func aDarkBorderAloneDoesNotRunTheFullSizeInvertedPass() throws {
        // A light picture in a dark frame (a photo's dark surrounding) with no light-on-dark finder
        // pattern anywhere: the halved copy is tried inverted (cheap), the full-size `inverted` pass is not.
        for (width, height) in [(200, 150), (110, 100)] {
            var image = GrayImage(width: width, height: height, fill: 230)
            for y in 0..<height {
                for x in 0..<width where x < 10 || y < 10 || x >= width - 10 || y >= height - 10 {
                    image[x, y] = 20
                }
            }
            #expect(PassViews(original: image).hasDarkBorder)
            let report = try QRScanner().scanReport(image)
            #expect(report.symbols.isEmpty)
            #expect(!report.passesRun.contains(.inverted), "\(width)×\(height): \(report.passesRun)")
        }
    }

    @Test func unreadCodeWithFinderPatternsGetsEveryPass() throws {
        // The code's data area blanked (modules 8 to n - 9 of every row and column): its three finder
        // patterns remain, nothing can read it, and the passes gated on finder evidence still run.
        let matrix = try FixtureMatrix(named: "qrencode-czech-M.txt")
        let scale = 4
        var image = matrix.image(scale: scale)
        let modules = matrix.rows.count
        let low = (4 + 8) * scale
        let high = (4 + modules - 8) * scale
        for y in 0..<image.height where y >= low && y < high {
            for x in 0..<image.width where x >= low && x < high { image.pixels[y * image.width + x] = 255 }
        }
        let report = try QRScanner().scanReport(image)
        #expect(report.symbols.isEmpty)
        for pass in [QRScanPass.binarized, .upscaled, .sharpened, .denoised] {
            #expect(report.passesRun.contains(pass), "\(pass) did not run")
        }
    }

    @Test func finderLookalikesWithoutFormatInformationSkipTheGatedPasses() throws {
        // Three finder patterns where a version-3 code's would be, 6 px modules, nothing between them (a
        // form, a logo): the finder search sees a group of three, but no drawing of it shows format
        // information, so the passes that run only on finder evidence are skipped as for no group at all.
        let size = 29
        let scale = 6
        var image = GrayImage(width: (size + 12) * scale, height: (size + 12) * scale, fill: 255)
        for (left, top) in [(0, 0), (size - 7, 0), (0, size - 7)] {
            for y in 0..<(7 * scale) {
                for x in 0..<(7 * scale) where max(abs(x / scale - 3), abs(y / scale - 3)) != 2 {
                    image[(left + 6) * scale + x, (top + 6) * scale + y] = 0
                }
            }
        }
        let report = try QRScanner().scanReport(image)
        #expect(report.symbols.isEmpty)
        #expect(report.passesRun.first == .finders)
        for pass in [QRScanPass.sharpened, .denoised] {
            #expect(!report.passesRun.contains(pass), "\(pass) ran: \(report.passesRun)")
        }
    }

    @Test func codeWithLargeModulesIsReadHalved() throws {
        // 8-px modules: the halved image (4-px modules) reads it, at a fraction of the full-size cost.
        // (Without `finders`, which reads a clean code from its finder patterns before any ZBar pass.)
        let image = try FixtureMatrix(named: "qrencode-czech-M.txt").image(scale: 8)
        let passes = QRScanPass.defaultOrder.filter { $0 != .finders }
        let report = try QRScanner(options: QRScanOptions(passes: passes)).scanReport(image)
        #expect(report.passesRun == [.downscaled])
        let symbol = try #require(report.symbols.first)
        #expect(symbol.text == Self.czech)
        // Corners come back in the original image's coordinates.
        let matrix = try FixtureMatrix(named: "qrencode-czech-M.txt")
        Self.expectCorners(of: symbol, modules: matrix.rows.count, scale: 8, within: 4)
    }

    @Test func darkBorderedImageTriesInvertedFirst() throws {
        var image = try FixtureMatrix(named: "qrencode-czech-M.txt").image(scale: 4)
        image.pixels = image.pixels.map { 255 - $0 }
        // Where `downscaled` applies, its inverted copy reads the code (reported as `inverted`) before
        // any full-size pass runs.
        let report = try QRScanner().scanReport(image)
        #expect(report.passesRun == [.downscaled])
        #expect(report.symbols.first?.text == Self.czech)
        #expect(report.symbols.first?.pass == .inverted)
        // Without `inverted` among the passes there is no inverted copy.
        let noInverted = try QRScanner(options: QRScanOptions(passes: [.downscaled, .plain])).scanReport(image)
        #expect(noInverted.symbols.isEmpty)
        // A light border keeps the given order.
        let blank = try QRScanner(options: QRScanOptions(passes: [.plain, .inverted]))
            .scanReport(GrayImage(width: 64, height: 64, fill: 200))
        #expect(blank.passesRun == [.plain, .inverted])
        let dark = try QRScanner(options: QRScanOptions(passes: [.plain, .inverted]))
            .scanReport(GrayImage(width: 64, height: 64, fill: 40))
        #expect(dark.passesRun == [.inverted, .plain])
        // Too small for `downscaled`: `inverted` still moves first.
        let small = try QRScanner().scanReport(GrayImage(width: 100, height: 100, fill: 40))
        #expect(small.passesRun.first == .inverted)
    }

    @Test func budgetCutIsReportedWithAFakeClock() throws {
        // Every reading of this clock is one second later than the last.
        let ticks = TickingClock()
        let scanner = try QRScanner(clock: ScanClock { ticks.next() })
        let report = scanner.scanReport(GrayImage(width: 64, height: 64, fill: 255), budget: .milliseconds(2500))
        #expect(report.budgetExhausted)
        #expect(report.passesRun == [.inverted, .threshold])
        #expect(report.symbols.isEmpty)
    }

    @Test func optionsDefaultBudgetIsTheBudgetOfAScanGivenNone() throws {
        // Every reading of this clock is one second later than the last.
        let blank = GrayImage(width: 64, height: 64, fill: 255)
        let cutTicks = TickingClock()
        let cut = try QRScanner(
            options: QRScanOptions(defaultBudget: .milliseconds(2500)), clock: ScanClock { cutTicks.next() })
        let cutReport = cut.scanReport(blank)
        #expect(cutReport.budgetExhausted)
        #expect(cutReport.passesRun == [.inverted, .threshold])
        // nil: no limit, every pass that applies runs, with the same clock.
        let ticks = TickingClock()
        let unlimited = try QRScanner(options: QRScanOptions(defaultBudget: nil), clock: ScanClock { ticks.next() })
        let full = unlimited.scanReport(blank)
        #expect(!full.budgetExhausted)
        #expect(full.passesRun.count > 2)
        #expect(unlimited.scan(blank).isEmpty)
        // An explicit budget still wins over the options'.
        #expect(unlimited.scanReport(blank, budget: .milliseconds(2500)).passesRun == [.inverted, .threshold])
    }

    @Test func emptyImageIsNotACrash() throws {
        #expect(try QRScanner().scan(GrayImage(width: 0, height: 0, pixels: [])).isEmpty)
        #expect(try QRScanner().scan(GrayImage(width: 1, height: 1, fill: 0)).isEmpty)
    }

    @Test(
        arguments: [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x61, 0xE2, 0x82], [0xFF]] as [[UInt8]]
    )
    func invalidUTF8IsReadAsShiftJISOrLatin1OrBinary(_ bytes: [UInt8]) throws {
        let symbol = QRSymbol(bytes: Data(bytes), points: [], symbology: .qrCode, pass: .plain)
        let use = try #require(symbol.charsets.first)
        #expect(symbol.charsets.count == 1)
        #expect(use.source == .guessed)
        switch use.charset {
        case "Shift_JIS": #expect(symbol.text == QRTextDecoder.convert(Data(bytes), from: "CP932"))
        case "ISO-8859-1":
            // Text only without control characters (C0 other than tab, LF, CR; DEL; C1).
            let control = bytes.contains {
                ($0 < 0x20 && ![0x09, 0x0A, 0x0D].contains($0)) || (0x7F...0x9F).contains($0)
            }
            #expect(symbol.text == (control ? nil : String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))))
        default: Issue.record("charset \(use.charset) for bytes that are not UTF-8")
        }
    }

    @Test func textIsExactForValidUTF8() {
        let text = "Žluťoučký kůň \u{1F600} \u{0}"
        let symbol = QRSymbol(bytes: Data(text.utf8), points: [], symbology: .qrCode, pass: .plain)
        #expect(symbol.text == text)
    }

    @Test func pointsFoundOnTheDownscaledCopyAreInOriginalPixels() throws {
        let matrix = try FixtureMatrix(named: "qrencode-czech-M.txt")
        let scale = 40
        let image = matrix.image(scale: scale)
        #expect(image.width > 1000)
        // Without `finders`, which reads a clean code from its finder patterns at every size.
        let passes = QRScanPass.defaultOrder.filter { $0 != .finders }
        let symbol = try #require(try QRScanner(options: QRScanOptions(passes: passes)).scan(image).first)
        #expect(symbol.pass == .downscaled)
        Self.expectCorners(of: symbol, modules: matrix.rows.count, scale: scale, within: Double(scale) / 2)
        // With it, the points are in original pixels too.
        let found = try #require(try QRScanner().scan(image).first)
        #expect(found.pass == .finders)
        Self.expectCorners(of: found, modules: matrix.rows.count, scale: scale, within: Double(scale) / 2)
    }

    @Test func screenshotSizedImageWithThreePixelModulesIsReadAtTwoThirds() throws {
        // 1200 × 800 with a code of 3-px modules: lost at half size, read at two thirds, never at full size.
        let matrix = try FixtureMatrix(named: "qrencode-czech-M.txt")
        let code = matrix.image(scale: 3)
        var canvas = GrayImage(width: 1200, height: 800, fill: 235)
        let (left, top) = (700, 300)
        for y in 0..<code.height { for x in 0..<code.width { canvas[left + x, top + y] = code[x, y] } }
        #expect(PassViews(original: canvas).twoThirds() != nil)
        // Without `finders`, which reads it first from its finder patterns (below).
        let passes = QRScanPass.defaultOrder.filter { $0 != .finders }
        let report = try QRScanner(options: QRScanOptions(passes: passes)).scanReport(canvas, budget: nil)
        #expect(report.passesRun == [.downscaled])
        let symbol = try #require(report.symbols.first)
        #expect(symbol.text == Self.czech)
        Self.expectCorners(of: symbol, modules: matrix.rows.count, scale: 3, at: (left, top), within: 3)
        let found = try QRScanner().scanReport(canvas, budget: nil)
        #expect(found.passesRun == [.finders])
        let read = try #require(found.symbols.first)
        #expect(read.text == Self.czech)
        Self.expectCorners(of: read, modules: matrix.rows.count, scale: 3, at: (left, top), within: 3)
    }

    @Test func twoThirdsAndCoarseCopiesApplyByImageSize() {
        #expect(PassViews(original: GrayImage(width: 900, height: 600, fill: 255)).twoThirds() == nil)
        #expect(PassViews(original: GrayImage(width: 1400, height: 900, fill: 255)).twoThirds() != nil)
        #expect(PassViews(original: GrayImage(width: 1401, height: 900, fill: 255)).twoThirds() == nil)
        var screenshot = PassViews(original: GrayImage(width: 1280, height: 800, fill: 255))
        #expect(screenshot.coarse() == nil)
        var photo = PassViews(original: GrayImage(width: 3000, height: 2000, fill: 255))
        let coarse = photo.coarse()
        #expect(coarse?.image.width == 300 && coarse?.image.height == 200)  // 5× to 600 × 400, halved
    }

    @Test func widerSymbologiesStillReadQR() throws {
        let image = try FixtureMatrix(named: "qrencode-czech-M.txt").image(scale: 3)
        let scanner = try QRScanner(options: QRScanOptions(symbologies: Set(Symbology.allCases)))
        #expect(scanner.scan(image).map(\.text) == [Self.czech])
    }
}
