import Foundation
import Testing

@testable import QRImaging

/// Real camera photos and screenshots (Fixtures/photos, a sample of the jsQR project's end-to-end
/// images, Apache-2.0; see Fixtures/README.md) as a regression floor, and the determinism check of
/// issue 15: the same bytes and options give the same result alone, in a batch, in any order, on any
/// number of workers.
@Suite("Real photos")
struct RealPhotoTests {
    /// One fixture photo: its file name, the expected payload (nil: truth unknown) and the image.
    struct Photo: Sendable {
        let name: String
        let expected: Data?
        let image: GrayImage
    }

    /// The photos of Fixtures/photos/manifest.tsv (`file <TAB> hex payload or -`), in manifest order.
    static func photos() throws -> [Photo] {
        let manifest = try FixtureManifest("photos", columns: 2)
        return try manifest.rows.map { fields in
            let data = try manifest.data(fields[0])
            return Photo(
                name: fields[0], expected: fields[1] == "-" ? nil : try hexBytes(fields[1]),
                image: try ImageDecoder.decode(data))
        }
    }

    static func hexBytes(_ hex: String) throws -> Data {
        let digits = Array(hex.utf8)
        try #require(digits.count.isMultiple(of: 2))
        var bytes = Data()
        for index in stride(from: 0, to: digits.count, by: 2) {
            bytes.append(try #require(UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16)))
        }
        return bytes
    }

    /// What a result is compared by: symbols (bytes, corners, pass) and the passes that ran.
    struct Outcome: Equatable {
        let symbols: [QRSymbol]
        let passesRun: [QRScanPass]
        let budgetExhausted: Bool
    }

    static func scan(_ photos: [Photo], order: [Int], jobs: Int) -> [Int: Outcome] {
        var outcomes: [Int: Outcome] = [:]
        QRBatchScanner(jobs: jobs, budget: nil).scan(order) { index in
            photos[index].image
        } onResult: { result in
            if case .success(let report) = result.outcome {
                outcomes[result.input] = Outcome(
                    symbols: report.symbols, passesRun: report.passesRun, budgetExhausted: report.budgetExhausted)
            }
        }
        return outcomes
    }

    @Test func everyKnownPhotoReadsExactly() throws {
        let photos = try Self.photos()
        let scanner = try QRScanner()
        var missed: [String] = []
        var unknownRead = 0
        for photo in photos {
            let symbols = scanner.scan(photo.image, budget: nil)
            if let expected = photo.expected {
                if !symbols.contains(where: { $0.bytes == expected }) { missed.append(photo.name) }
            } else if !symbols.isEmpty {
                unknownRead += 1
            }
        }
        #expect(photos.count == 36)
        #expect(missed.isEmpty, "missed: \(missed)")
        // 10 of the 11 unknown-truth photos read (measured); the last is a blurred print nothing reads.
        #expect(unknownRead >= 10)
    }

    @Test func aBlurredRotatedCodeIsReadOnEverySecondLineOfTheThresholdImage() throws {
        // cupcake-2: a blurred version-3 code turned about 35°. ZBar on every line of the thresholded image
        // does not read it; every second line of that image does (the `threshold` pass's second copy, which
        // read it until the `finders` pass read it along its timing row: `GrayImage.bentCode`).
        let photo = try #require(try Self.photos().first { $0.name == "cupcake-2.png" })
        let scanner = try QRScanner()
        let report = scanner.scanReport(photo.image, budget: nil)
        #expect(report.symbols.map(\.bytes) == [photo.expected])
        #expect(report.symbols.first?.pass == .finders)
        var views = PassViews(original: photo.image)
        let madeFull = views.view(for: .threshold, copy: .main, passes: QRScanPass.defaultOrder)
        let full = try #require(madeFull)
        #expect(scanner.decode(full.image, map: full.map, pass: .threshold, density: full.density).isEmpty)
        let madeSparse = views.view(for: .threshold, copy: .sparseThreshold, passes: QRScanPass.defaultOrder)
        let sparse = try #require(madeSparse)
        #expect(sparse.density == 2)
        let read = scanner.decode(sparse.image, map: sparse.map, pass: .threshold, density: sparse.density)
        #expect(read.map(\.bytes) == [photo.expected])
    }

    @Test func resultsDoNotDependOnBatchOrderOrJobs() throws {
        let photos = try Self.photos()
        let all = Array(photos.indices)
        var alone: [Int: Outcome] = [:]
        for index in all {
            alone.merge(Self.scan(photos, order: [index], jobs: 1)) { $1 }
        }
        #expect(alone.count == photos.count)
        #expect(alone.values.contains { !$0.symbols.isEmpty })
        for (order, jobs) in [(all, 1), (all, 2), (all.reversed(), 1), (all.reversed(), 2), (all + all, 2)] {
            let batch = Self.scan(photos, order: Array(order), jobs: jobs)
            for index in all where batch[index] != alone[index] {
                Issue.record("\(photos[index].name): \(jobs) jobs, batch differs from the image alone")
            }
        }
    }
}
