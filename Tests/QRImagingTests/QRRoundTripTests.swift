import Foundation
import QRImaging
import Testing

@Suite("Encode → render → read back, byte-exact")
struct QRRoundTripTests {
    static let czech = "Platba 1 250,00 Kč — příkaz"
    static let operation = "5ff1b1ed-a3cc-45a3-8ab0-ed60950312b6\nQ1*A1 CZK*ICZ3855000000003643174999\\n2\n\\*\\\\\n"

    static func scan(_ image: GrayImage) throws -> [Data] {
        try QRScanner().scan(image, budget: nil).map(\.bytes)
    }

    @Test func allByteValues() throws {
        let payload = Data((0...255).map { UInt8($0) })
        let matrix = try QRCodeGenerator.encode(payload, options: QRCodeOptions(errorCorrection: .low))
        #expect(try Self.scan(matrix.rasterize(scale: 4, margin: 4)) == [payload])
    }

    @Test(arguments: [czech, operation, "ab\u{0}cd", "aBc Case", "12345"])
    func textPayloads(_ text: String) throws {
        let payload = Data(text.utf8)
        let matrix = try QRCodeGenerator.encode(payload)
        #expect(try Self.scan(matrix.rasterize(scale: 4, margin: 4)) == [payload])
    }

    @Test(arguments: QRErrorCorrection.allCases)
    func everyLevel(_ level: QRErrorCorrection) throws {
        let payload = Data(Self.czech.utf8)
        let matrix = try QRCodeGenerator.encode(payload, options: QRCodeOptions(errorCorrection: level))
        #expect(matrix.errorCorrection == level)
        #expect(try Self.scan(matrix.rasterize(scale: 4, margin: 4)) == [payload])
    }

    @Test(arguments: QRRenderFormat.allCases)
    func everyFormatWithSelfCheck(_ format: QRRenderFormat) throws {
        let payload = Data(Self.operation.utf8)
        let code = try QRCodeRenderer.make(payload, format: format)
        #expect(code.checkedBy != nil)
    }
}
