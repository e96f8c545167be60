import Foundation
import QRImaging
import Testing

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
        #expect(symbol.pass == .plain)
        #expect(symbol.points.count == 4)
    }

    @Test func pointsLieOnTheSymbolCorners() throws {
        let matrix = try FixtureMatrix(named: "qrencode-czech-M.txt")
        let image = matrix.image(scale: 4)
        let symbol = try #require(try QRScanner().scan(image).first)
        let low = Double(4 * 4)
        let high = Double((4 + matrix.rows.count) * 4)
        for point in symbol.points {
            #expect(abs(point.x - low) <= 3 || abs(point.x - high) <= 3, "x \(point.x)")
            #expect(abs(point.y - low) <= 3 || abs(point.y - high) <= 3, "y \(point.y)")
        }
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
        let report = try QRScanner().scanReport(GrayImage(width: 200, height: 150, fill: 255))
        #expect(report.symbols.isEmpty)
        #expect(report.passesRun.first == .plain)
        #expect(report.passesRun == [.plain, .inverted, .threshold, .upscaled, .sharpened, .denoised])
        #expect(!report.passesRun.contains(.downscaled))
    }

    @Test func budgetCutIsReportedWithAFakeClock() throws {
        // Every reading of this clock is one second later than the last.
        let ticks = TickingClock()
        let scanner = try QRScanner(clock: ScanClock { ticks.next() })
        let report = scanner.scanReport(GrayImage(width: 64, height: 64, fill: 255), budget: .milliseconds(2500))
        #expect(report.budgetExhausted)
        #expect(report.passesRun == [.plain, .inverted])
        #expect(report.symbols.isEmpty)
    }

    @Test func emptyImageIsNotACrash() throws {
        #expect(try QRScanner().scan(GrayImage(width: 0, height: 0, pixels: [])).isEmpty)
        #expect(try QRScanner().scan(GrayImage(width: 1, height: 1, fill: 0)).isEmpty)
    }

    @Test(
        arguments: [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x61, 0xE2, 0x82], [0xFF]] as [[UInt8]]
    )
    func textIsNilForInvalidUTF8(_ bytes: [UInt8]) {
        let symbol = QRSymbol(bytes: Data(bytes), points: [], symbology: .qrCode, pass: .plain)
        #expect(symbol.text == nil)
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
        let symbol = try #require(try QRScanner().scan(image).first)
        #expect(symbol.pass == .downscaled)
        let low = Double(4 * scale)
        let high = Double((4 + matrix.rows.count) * scale)
        for point in symbol.points {
            #expect(min(abs(point.x - low), abs(point.x - high)) <= Double(scale) / 2, "x \(point.x)")
            #expect(min(abs(point.y - low), abs(point.y - high)) <= Double(scale) / 2, "y \(point.y)")
        }
    }

    @Test func widerSymbologiesStillReadQR() throws {
        let image = try FixtureMatrix(named: "qrencode-czech-M.txt").image(scale: 3)
        let scanner = try QRScanner(options: QRScanOptions(symbologies: Set(Symbology.allCases)))
        #expect(scanner.scan(image).map(\.text) == [Self.czech])
    }
}
