import Foundation
import QRImaging
import Testing

/// Per-class decode rates on the seeded robustness corpus, with floors just under what was measured,
/// so a regression in the scanner or its passes fails the suite.
@Suite("Scan corpus decode rates")
struct ScanCorpusTests {
    /// Images per class (small, so the suite stays fast in debug builds; huge images are slow to make).
    static func count(_ kind: ScanCorpus.Class) -> Int { kind == .huge ? 2 : 8 }

    /// Measured decode counts with the default passes; the floors sit at these.
    static let floors: [ScanCorpus.Class: Int] = [
        .clean: 8, .rotated: 8, .perspective: 8, .blur: 7, .noise: 7, .jpeg: 8, .lowContrast: 8, .inverted: 8,
        .tiny: 8, .huge: 2, .screenshot: 8,
    ]

    /// Measured decode counts with `plain` alone: what ZBar does without our passes. The default
    /// passes must beat these on every class listed.
    static let plainOnly: [ScanCorpus.Class: Int] = [.blur: 1, .noise: 3, .lowContrast: 7, .inverted: 0, .tiny: 7]

    static func decoded(_ samples: [ScanCorpus.Sample], passes: [QRScanPass]) throws -> [QRScanPass?] {
        let scanner = try QRScanner(options: QRScanOptions(passes: passes))
        return samples.map { sample in
            let symbols = scanner.scan(sample.image, budget: nil)
            return symbols.first { $0.bytes == sample.payload }?.pass
        }
    }

    @Test(arguments: ScanCorpus.Class.allCases)
    func decodeRateMeetsFloor(_ kind: ScanCorpus.Class) throws {
        let samples = try ScanCorpus.samples(kind, count: Self.count(kind))
        let found = try Self.decoded(samples, passes: QRScanPass.defaultOrder)
        let rate = found.compactMap { $0 }.count
        let passes = found.map { $0?.rawValue ?? "-" }.joined(separator: " ")
        let floor = try #require(Self.floors[kind])
        #expect(rate >= floor, "\(kind.rawValue): \(rate)/\(samples.count) [\(passes)]")
    }

    @Test(arguments: Array(plainOnly.keys).sorted { $0.rawValue < $1.rawValue })
    func passesBeatPlainZBar(_ kind: ScanCorpus.Class) throws {
        let samples = try ScanCorpus.samples(kind, count: Self.count(kind))
        let plain = try Self.decoded(samples, passes: [.plain]).compactMap { $0 }.count
        let all = try Self.decoded(samples, passes: QRScanPass.defaultOrder).compactMap { $0 }.count
        #expect(plain <= Self.plainOnly[kind, default: 0], "plain ZBar got better on \(kind.rawValue): \(plain)")
        #expect(all > plain, "\(kind.rawValue): passes \(all) vs plain \(plain)")
    }

    @Test func pointsFoundByARotatedPassMapBackToTheOriginal() throws {
        // The same code read directly and through the rotated-45 pass gives the same corners.
        let matrix = try QRCodeGenerator.encode(Data("corner check".utf8))
        let image = matrix.rasterize(scale: 4).corpusRotated(degrees: 20)
        let rotated = try #require(
            try QRScanner(options: QRScanOptions(passes: [.rotated45])).scan(image, budget: nil).first)
        let plain = try #require(try QRScanner(options: QRScanOptions(passes: [.plain])).scan(image, budget: nil).first)
        #expect(rotated.pass == .rotated45)
        #expect(rotated.points.count == 4)
        for point in rotated.points {
            let nearest = plain.points.map { hypot($0.x - point.x, $0.y - point.y) }.min() ?? .infinity
            #expect(nearest < 4, "corner \(point) is \(nearest) px from the directly found corners")
        }
    }
}
