import Foundation
import QRAuthTestSupport
import QRImaging
import Testing

@Suite("QR generation with libqrencode")
struct QRCodeGeneratorTests {
    static func code(_ body: () throws -> QRMatrix) -> ImagingError.Code? {
        do {
            _ = try body()
            return nil
        } catch let error as ImagingError {
            return error.code
        } catch {
            return nil
        }
    }

    static func payload(_ count: Int, seed: UInt64) -> Data {
        var generator = SeededGenerator(seed: seed)
        return Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// Every version at L and M, filled to its byte capacity: the fixed version is kept, the matrix has
    /// the right size, one more byte does not fit, and the code reads back byte-exactly.
    @Test(arguments: [QRErrorCorrection.low, .medium])
    func everyVersionAtCapacity(_ level: QRErrorCorrection) throws {
        let scanner = try QRScanner()
        for version in 1...40 {
            let capacity = QRCapacity.bytes(version: version, level: level)
            let payload = Self.payload(capacity, seed: UInt64(version))
            let options = QRCodeOptions(errorCorrection: level, version: version)
            let matrix = try QRCodeGenerator.encode(payload, options: options)
            #expect(matrix.version == version)
            #expect(matrix.size == 17 + 4 * version)
            #expect(matrix.modules.count == matrix.size * matrix.size)
            #expect(Self.code { try QRCodeGenerator.encode(payload + Data([0]), options: options) } == .payloadTooLarge)
            let symbols = scanner.scan(matrix.rasterize(scale: 3, margin: 4), budget: nil)
            #expect(symbols.map(\.bytes) == [payload], "version \(version)-\(level.rawValue)")
            // Automatic choice picks the same smallest version.
            let auto = try QRCodeGenerator.encode(payload, options: QRCodeOptions(errorCorrection: level))
            #expect(auto.version == QRCapacity.smallestVersion(for: capacity, level: level))
        }
    }

    @Test(arguments: QRErrorCorrection.allCases)
    func capacityTableMatchesLibqrencode(_ level: QRErrorCorrection) throws {
        for version in [1, 9, 10, 26, 27, 40] {
            let capacity = QRCapacity.bytes(version: version, level: level)
            let fits = try QRCodeGenerator.encode(
                Data(count: capacity), options: QRCodeOptions(errorCorrection: level, version: version))
            #expect(fits.version == version)
            if version < 40 {
                // libqrencode itself grows the version by one for one more byte.
                let grown = try QRCodeGenerator.encode(
                    Data(count: capacity + 1), options: QRCodeOptions(errorCorrection: level))
                #expect(grown.version == version + 1)
            }
        }
    }

    @Test func tooLargeForVersion40SaysTheCapacity() {
        do {
            _ = try QRCodeGenerator.encode(Data(count: 2954), options: QRCodeOptions(errorCorrection: .low))
            Issue.record("2954 bytes should not fit")
        } catch {
            #expect(error.code == .payloadTooLarge)
            #expect(error.reason.contains("2953"))
        }
        do {
            _ = try QRCodeGenerator.encode(
                Data(count: 15), options: QRCodeOptions(errorCorrection: .medium, version: 1))
            Issue.record("15 bytes should not fit 1-M")
        } catch {
            #expect(error.reason.contains("at most 14"))
            #expect(error.reason.contains("version 2 would fit"))
        }
    }

    @Test func badOptionsAndEmptyPayload() {
        #expect(Self.code { try QRCodeGenerator.encode(Data()) } == .emptyPayload)
        for version in [-1, 41, 1000] {
            #expect(
                Self.code { try QRCodeGenerator.encode(Data("x".utf8), options: QRCodeOptions(version: version)) }
                    == .invalidOption)
        }
        #expect(
            Self.code { try QRCodeGenerator.encode(Data("x".utf8), options: QRCodeOptions(eci: 1_000_000)) }
                == .invalidOption)
    }

    @Test func bytesAreNotFoldedOrTruncated() throws {
        let scanner = try QRScanner()
        for text in ["ab\u{0}cd", "MiXeD case ABC abc", "\u{0}", "0123456789", "ABCDEF 123"] {
            let payload = Data(text.utf8)
            let matrix = try QRCodeGenerator.encode(payload)
            #expect(scanner.scan(matrix.rasterize(scale: 4, margin: 4)).map(\.bytes) == [payload], "\(text)")
        }
    }

    @Test func eciHeaderTakesRoomAndReadsBack() throws {
        let payload = Data("Platba 1 250,00 Kč — příkaz".utf8)
        let plain = try QRCodeGenerator.encode(payload)
        let withECI = try QRCodeGenerator.encode(payload, options: QRCodeOptions(eci: 26))
        #expect(plain.modules != withECI.modules)
        // The header takes room: the capacity at a fixed version drops, and matches what libqrencode fits.
        for eci: UInt32 in [26, 1000, 70000] {
            for version in [1, 5, 9, 10, 27, 40] {
                let capacity = QRCapacity.bytes(version: version, level: .medium, eci: eci)
                #expect(capacity < QRCapacity.bytes(version: version, level: .medium))
                let options = QRCodeOptions(errorCorrection: .medium, version: version, eci: eci)
                #expect(try QRCodeGenerator.encode(Data(count: capacity), options: options).version == version)
                #expect(
                    Self.code { try QRCodeGenerator.encode(Data(count: capacity + 1), options: options) }
                        == .payloadTooLarge)
            }
        }
        let symbols = try QRScanner().scan(withECI.rasterize(scale: 4, margin: 4))
        #expect(symbols.count == 1)
        #expect(symbols.first?.text == "Platba 1 250,00 Kč — příkaz")
    }

    @Test func finderPatternsAreWhereTheyBelong() throws {
        let matrix = try QRCodeGenerator.encode(Data("finder".utf8))
        let n = matrix.size
        for (ox, oy) in [(0, 0), (n - 7, 0), (0, n - 7)] {
            for y in 0..<7 {
                for x in 0..<7 {
                    let ring = max(abs(x - 3), abs(y - 3))
                    // Dark outer ring (3), light ring (2), dark 3×3 core (0–1).
                    #expect(matrix[ox + x, oy + y] == (ring != 2), "finder at \(ox),\(oy) module \(x),\(y)")
                }
            }
        }
        // Separators are light; the bottom-right corner area has no finder.
        #expect(!matrix[7, 0] && !matrix[0, 7] && !matrix[n - 8, 0])
        #expect(!matrix[-1, 0] && !matrix[n, n])
    }
}
