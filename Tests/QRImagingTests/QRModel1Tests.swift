import Foundation
import QRAuthTestSupport
import Testing

@testable import QRImaging

/// QR Code Model 1: the layout tables checked against facts that could fail, the reader on sampled
/// grids and bad input, and the scanner on the symbols of scripts/make-model1-fixtures.py (our own
/// encoder, every image checked with zxing-cpp when made).
@Suite("QR Model 1")
struct QRModel1Tests {
    /// One fixture of Fixtures/model1; `payload` nil where the symbol is damaged beyond its capacity.
    struct Fixture: Sendable, CustomTestStringConvertible {
        let file: String
        let payload: Data?
        let version: Int
        var testDescription: String { file }
    }

    static func fixtures() throws -> [Fixture] {
        return try FixtureManifest("model1", columns: 4).rows.map { fields in
            let version = try #require(Int(fields[2].split(separator: "-")[0]))
            let payload = fields[1] == "-" ? nil : try RealPhotoTests.hexBytes(fields[1])
            return Fixture(file: fields[0], payload: payload, version: version)
        }
    }

    static func image(_ file: String) throws -> GrayImage {
        try FixtureManifest.image("model1", file)
    }

    @Test(arguments: try fixtures())
    func everyFixtureScansToItsExactBytes(_ fixture: Fixture) throws {
        let image = try Self.image(fixture.file)
        let symbols = try QRScanner().scan(image)
        guard let payload = fixture.payload else {
            #expect(symbols.isEmpty, "damaged beyond capacity, yet read")
            return
        }
        try #require(symbols.count == 1)
        let symbol = symbols[0]
        #expect(symbol.bytes == payload)
        #expect(symbol.model == .model1)
        #expect(symbol.pass == .finders)
        #expect(symbol.segments?.payload == payload)
        // The corners lie in the image and enclose its middle part (each fixture is the code with its
        // quiet zone, perhaps rotated or tilted).
        #expect(symbol.points.count == 4)
        for point in symbol.points {
            #expect(point.x >= 0 && point.y >= 0 && point.x <= Double(image.width) && point.y <= Double(image.height))
        }
        #expect(symbol.contains(ImagePoint(x: Double(image.width) / 2, y: Double(image.height) / 2)))
        #expect(symbol.polygonArea > 0.3 * Double(image.width * image.height))
    }

    @Test func mixedSegmentsGiveTheirText() throws {
        let symbol = try #require(try QRScanner().scan(Self.image("v3-q-mixed.png")).first)
        #expect(symbol.segments?.map(\.mode) == [.alphanumeric, .byte])
        #expect(symbol.segments?.allSatisfy { $0.eci == nil } == true)
        #expect(symbol.text == "ABC-123Grüße")
    }

    @Test func slotsFillTheSymbolButForFunctionAndExtensionPatterns() throws {
        for version in 1...QRModel1Layout.maxVersion {
            let layout = try #require(QRModel1Layout(version: version))
            let size = layout.size
            var owner = [Int](repeating: -1, count: size * size)
            for (index, slot) in layout.codewordSlots().enumerated() {
                #expect(slot.count == 8)
                for module in slot {
                    try #require((0..<(size * size)).contains(module), "v\(version) slot \(index) outside")
                    #expect(owner[module] == -1, "v\(version) module \(module) in two slots")
                    owner[module] = index
                }
            }
            // Model 2's function patterns less its alignment patterns and version information are model 1's
            // finders, separators, timing patterns and format information: no slot touches them.
            let modelTwo = try #require(QRSymbolLayout(version: version)).functionMask()
            for y in 0..<size {
                for x in 0..<size {
                    let function =
                        x < 9 && y < 9 || x >= size - 8 && y < 9 || x < 9 && y >= size - 8 || x == 6 || y == 6
                    if function {
                        #expect(modelTwo[y * size + x], "v\(version) (\(x), \(y)) is model 2 function too")
                        #expect(owner[y * size + x] == -1, "v\(version) slot on a function module (\(x), \(y))")
                    } else if owner[y * size + x] == -1 {
                        // What is left are the extension patterns, on the right and bottom edges only, from version 2.
                        #expect(version >= 2 && (x >= size - 2 || y >= size - 2), "v\(version) (\(x), \(y)) unused")
                    }
                }
            }
        }
    }

    @Test func blockTablesSumToTheSlots() throws {
        for version in 1...QRModel1Layout.maxVersion {
            let layout = try #require(QRModel1Layout(version: version))
            let slots = layout.codewordSlots().count
            // Level L fills every slot; the others leave at most two over.
            #expect(layout.blocks(level: .low).total == slots, "v\(version) L")
            for level in QRErrorCorrection.allCases {
                let blocks = layout.blocks(level: level)
                #expect((slots - 2...slots).contains(blocks.total), "v\(version) \(level)")
                #expect(blocks.count >= 1 && blocks.data >= 1 && blocks.ecc >= 7)
                // Reed–Solomon blocks stay within GF(256): at most 255 codewords.
                #expect(blocks.data + blocks.ecc <= 255)
            }
            // More correction, fewer data codewords.
            let data = QRErrorCorrection.allCases.map { layout.blocks(level: $0).count * layout.blocks(level: $0).data }
            #expect(data == data.sorted(by: >), "v\(version) \(data)")
        }
        // The sizes are model 2's; 13 and 14 are not read.
        #expect(QRModel1Layout(size: 21)?.version == 1)
        #expect(QRModel1Layout(size: 65)?.version == 12)
        #expect(QRModel1Layout(size: 69) == nil)
        #expect(QRModel1Layout(size: 22) == nil)
        #expect(QRModel1Layout(version: 0) == nil)
    }

    @Test func formatWordsAreAtLeastFiveBitsFromModelTwos() throws {
        let one = QRModel1Layout.formatWords.map(\.word)
        let two = QRSymbolLayout.formatWords.map(\.word)
        #expect(Set(one).count == 32)
        let within = one.flatMap { a in one.filter { $0 != a }.map { ($0 ^ a).nonzeroBitCount } }.min()
        let across = one.flatMap { a in two.map { ($0 ^ a).nonzeroBitCount } }.min()
        #expect(within == 7)
        #expect(across == 5)
        // A model 2 word, even 2 bits off, is never taken for model 1.
        let positions = try #require(QRSymbolLayout(version: 1)).formatPositions()
        for word in two {
            for flip in [0, 0b11, 0b1_0000_0001, 0b100_0000_0000_0100] {
                let bits = word ^ flip
                let isDark: (Int, Int) -> Bool = { x, y in
                    if let index = positions.first.firstIndex(where: { $0 == (x, y) }) { return bits >> index & 1 == 1 }
                    if let index = positions.second.firstIndex(where: { $0 == (x, y) }) {
                        return bits >> index & 1 == 1
                    }
                    return false
                }
                #expect(QRModel1Reader.format(size: 21, isDark: isDark) == nil)
            }
        }
    }

    @Test(arguments: [1, 2, 3, 6])
    func modelTwoCodesOfTheSameSizeAreNotReadAsModelOne(version: Int) throws {
        let payload = Data("model 2 v\(version)".utf8)
        let matrix = try QRCodeGenerator.encode(payload, options: QRCodeOptions(version: version))
        let image = matrix.rasterize(scale: 2)
        let symbol = try #require(try QRScanner().scan(image).first)
        #expect(symbol.bytes == payload)
        #expect(symbol.model == .model2)
        // The reader itself turns the model 2 grid down, as drawn and mirrored.
        #expect(QRModel1Reader.symbol(inView: image, dimension: matrix.size, scale: 2) == nil)
        var modules = [Bool](repeating: false, count: matrix.size * matrix.size)
        for y in 0..<matrix.size {
            for x in 0..<matrix.size { modules[y * matrix.size + x] = matrix[x, y] }
        }
        #expect(QRModel1Reader.decode(modules, size: matrix.size) == nil)
    }

    @Test func theCornerSearchFollowsTheFormatEvidence() {
        func count(_ both: Bool, _ distance: Int) -> Int {
            QRModel1Reader.cornersToTry(bothCopies: both, distance: distance).count
        }
        #expect([0, 1, 2, 3].map { count(true, $0) } == [81, 81, 9, 9])
        #expect([0, 1, 2, 3].map { count(false, $0) } == [1, 1, 0, 0])
        // The short search is the nominal corner and its eight neighbours half a module away.
        let near = QRModel1Reader.cornersToTry(bothCopies: true, distance: 2)
        #expect(near.first.map { $0.x == 0 && $0.y == 0 } == true)
        #expect(near.allSatisfy { abs($0.x) <= 0.5 && abs($0.y) <= 0.5 })
        #expect(Set(near.map { "\($0.x),\($0.y)" }).count == 9)
    }

    @Test func badGridsAndViewsGiveNothing() throws {
        #expect(QRModel1Reader.decode([], size: 21) == nil)
        #expect(QRModel1Reader.decode([Bool](repeating: true, count: 441), size: 21) == nil)
        #expect(QRModel1Reader.decode([Bool](repeating: false, count: 400), size: 20) == nil)
        #expect(QRModel1Reader.decode([Bool](repeating: false, count: 441), size: -21) == nil)
        #expect(QRModel1Reader.decode([Bool](repeating: false, count: 73 * 73), size: 73) == nil)
        let blank = GrayImage(width: 58, height: 58, fill: 255)
        #expect(QRModel1Reader.symbol(inView: blank, dimension: 21, scale: 2) == nil)
        #expect(QRModel1Reader.symbol(inView: blank, dimension: 21, scale: 0) == nil)
        #expect(QRModel1Reader.symbol(inView: blank, dimension: 21, scale: .nan) == nil)
        #expect(QRModel1Reader.symbol(inView: blank, dimension: 1_000_000, scale: 2) == nil)
        #expect(QRModel1Reader.symbol(inView: GrayImage(width: 1, height: 1, fill: 0), dimension: 21, scale: 2) == nil)
        // Random grids whose format information is a valid model 1 word: the blocks never correct.
        var generator = SeededGenerator(seed: 28)
        for round in 0..<200 {
            let size = 21 + 4 * (round % 12)
            var modules = (0..<(size * size)).map { _ in Bool.random(using: &generator) }
            let word = QRModel1Layout.formatWords[round % 32].word
            let positions = try #require(QRSymbolLayout(version: (size - 17) / 4)).formatPositions()
            for (index, (x, y)) in positions.first.enumerated() { modules[y * size + x] = word >> index & 1 == 1 }
            #expect(QRModel1Reader.decode(modules, size: size) == nil)
        }
    }
}
