import Foundation
import QRImaging
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("Renderers: PNG, SVG, terminal, text")
struct QRRendererTests {
    static let matrix = try! QRCodeGenerator.encode(Data(QRRoundTripTests.czech.utf8))

    /// The expected light/dark grid with a quiet zone, straight from the matrix.
    static func grid(_ matrix: QRMatrix, margin: Int) -> [[Bool]] {
        let side = matrix.size + 2 * margin
        return (0..<side).map { y in (0..<side).map { x in matrix[x - margin, y - margin] } }
    }

    /// Collects SVG elements and attributes with Foundation's XML parser (fails on malformed XML).
    final class SVGCollector: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            elements.append((elementName, attributes))
        }
    }

    static func parseSVG(_ data: Data) throws -> [(name: String, attributes: [String: String])] {
        let parser = XMLParser(data: data)
        let collector = SVGCollector()
        parser.delegate = collector
        #expect(parser.parse(), "SVG is not well-formed XML: \(String(describing: parser.parserError))")
        return collector.elements
    }

    /// Reads the path data `M x,y h n v1 h-n z` independently of the library.
    static func modules(fromPath path: String, side: Int) throws -> [[Bool]] {
        var grid = [[Bool]](repeating: [Bool](repeating: false, count: side), count: side)
        let scanner = Scanner(string: path)
        while !scanner.isAtEnd {
            #expect(scanner.scanString("M") != nil)
            let x = try #require(scanner.scanInt())
            #expect(scanner.scanString(",") != nil)
            let y = try #require(scanner.scanInt())
            #expect(scanner.scanString("h") != nil)
            let run = try #require(scanner.scanInt())
            #expect(scanner.scanString("v1h-") != nil)
            #expect(scanner.scanInt() == run)
            #expect(scanner.scanString("z") != nil)
            for column in x..<(x + run) { grid[y][column] = true }
        }
        return grid
    }

    @Test(arguments: [0, 1, 4, 7])
    func svgIsValidXMLAndHoldsTheMatrix(_ margin: Int) throws {
        let options = QRRenderOptions(scale: 5, margin: margin)
        let data = try QRCodeRenderer.render(Self.matrix, format: .svg, options: options)
        let elements = try Self.parseSVG(data)
        let side = Self.matrix.size + 2 * margin
        let svg = try #require(elements.first { $0.name == "svg" })
        #expect(svg.attributes["viewBox"] == "0 0 \(side) \(side)")
        #expect(svg.attributes["width"] == "\(side * 5)")
        #expect(svg.attributes["shape-rendering"] == "crispEdges")
        #expect(elements.filter { $0.name == "path" }.count == 1)
        let rect = try #require(elements.first { $0.name == "rect" })
        #expect(rect.attributes["fill"] == "#FFFFFF")
        let path = try #require(elements.first { $0.name == "path" })
        #expect(path.attributes["fill"] == "#000000")
        #expect(
            try Self.modules(fromPath: path.attributes["d"] ?? "", side: side) == Self.grid(Self.matrix, margin: margin)
        )
    }

    @Test func svgColoursAndTransparentBackground() throws {
        let options = QRRenderOptions(
            foreground: try QRColor(hex: "#1A2B3C80"), background: try QRColor(hex: "#FFFFFF00"))
        let elements = try Self.parseSVG(QRCodeRenderer.render(Self.matrix, format: .svg, options: options))
        #expect(!elements.contains { $0.name == "rect" })
        let path = try #require(elements.first { $0.name == "path" })
        #expect(path.attributes["fill"] == "#1A2B3C")
        #expect(path.attributes["fill-opacity"] == "0.502")
    }

    /// Reads terminal output independently: block glyphs are light, spaces dark.
    static func modules(fromTerminal text: String) -> [[Bool]] {
        var rows: [[Bool]] = []
        let stripped = text.replacingOccurrences(of: "\u{1B}[97;40m", with: "").replacingOccurrences(
            of: "\u{1B}[0m", with: "")
        for line in stripped.split(separator: "\n") {
            let glyphs = Array(line)
            rows.append(glyphs.map { !($0 == "\u{2588}" || $0 == "\u{2580}") })
            rows.append(glyphs.map { !($0 == "\u{2588}" || $0 == "\u{2584}") })
        }
        return rows
    }

    @Test(arguments: [0, 1, 4])
    func terminalHoldsTheMatrix(_ margin: Int) throws {
        let text = try Self.matrix.terminal(options: QRRenderOptions(margin: margin))
        let side = Self.matrix.size + 2 * margin
        #expect(text.split(separator: "\n").count == (side + 1) / 2)
        #expect(!text.contains("\u{1B}"))
        var rows = Self.modules(fromTerminal: text)
        // The last line's lower half is beyond the symbol (an odd number of rows): dark, i.e. blank.
        #expect(rows.last?.allSatisfy { $0 } == true)
        rows.removeLast()
        #expect(rows == Self.grid(Self.matrix, margin: margin))
    }

    @Test func terminalColoursOnlyWhenAllowed() throws {
        let coloured = try Self.matrix.terminal(options: QRRenderOptions(terminalColors: true))
        let lines = coloured.split(separator: "\n")
        #expect(lines.allSatisfy { $0.hasPrefix("\u{1B}[97;40m") && $0.hasSuffix("\u{1B}[0m") })
        let plain = try Self.matrix.terminal(options: QRRenderOptions())
        #expect(Self.modules(fromTerminal: coloured) == Self.modules(fromTerminal: plain))
    }

    @Test(arguments: QRTextStyle.allCases, [0, 4])
    func textHoldsTheMatrix(_ style: QRTextStyle, margin: Int) throws {
        let text = try Self.matrix.text(options: QRRenderOptions(margin: margin, textStyle: style))
        let dark: Character = style == .digits ? "1" : "#"
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
            line.map { $0 == dark }
        }
        #expect(rows == Self.grid(Self.matrix, margin: margin))
        #expect(text.allSatisfy { style == .digits ? "01\n".contains($0) : "# \n".contains($0) })
    }

    @Test func pngDecodesToTheRaster() throws {
        let options = QRRenderOptions(scale: 3, margin: 2)
        let png = try QRCodeRenderer.render(Self.matrix, format: .png, options: options)
        let decoded = try ImageDecoder.decodeWithFormat(png)
        #expect(decoded.format == .png)
        #expect(decoded.image == Self.matrix.rasterize(scale: 3, margin: 2))
    }

    @Test func colouredPNGIsRGBAAndComposites() throws {
        let options = QRRenderOptions(
            scale: 2, margin: 1, foreground: try QRColor(hex: "#003366"), background: try QRColor(hex: "#00000000"))
        let png = try QRCodeRenderer.render(Self.matrix, format: .png, options: options)
        // IHDR colour type 6 = RGBA.
        #expect(png[25] == 6)
        let image = try ImageDecoder.decode(png)
        let raster = Self.matrix.rasterize(scale: 2, margin: 1)
        let darkLevel = options.foreground.luminanceOnWhite
        for (got, want) in zip(image.pixels, raster.pixels) {
            // Transparent background composites to white; the dark blue shows as its luma.
            if want == 255 { #expect(got == 255) } else { #expect(abs(Int(got) - Int(darkLevel)) <= 2) }
        }
        #expect(try QRCodeRenderer.render(Self.matrix, format: .png)[25] == 0)
    }

    @Test func coloursParse() throws {
        #expect(try QRColor(hex: "#FF8000") == QRColor(red: 255, green: 128, blue: 0))
        #expect(try QRColor(hex: "ff800040") == QRColor(red: 255, green: 128, blue: 0, alpha: 64))
        #expect(try QRColor(hex: "#0a0B0c").hex == "#0A0B0C")
        for bad in ["", "#", "#FFF", "#GGGGGG", "#1234567", "#123456789", "red", "#12 456"] {
            #expect(throws: ImagingError(.invalidOption, "")) { try QRColor(hex: bad) }
        }
    }

    @Test func optionsAreValidated() {
        for options in [
            QRRenderOptions(scale: 0), QRRenderOptions(scale: 101), QRRenderOptions(margin: -1),
            QRRenderOptions(margin: 101),
        ] {
            for format in QRRenderFormat.allCases {
                #expect(throws: ImagingError(.invalidOption, "")) {
                    try QRCodeRenderer.render(Self.matrix, format: format, options: options)
                }
            }
        }
        let big = try! QRCodeGenerator.encode(Data(count: 2900), options: QRCodeOptions(errorCorrection: .low))
        #expect(big.version == 40)
        #expect(throws: ImagingError(.invalidOption, "")) {
            try QRCodeRenderer.render(big, format: .png, options: QRRenderOptions(scale: 100))
        }
    }

    @Test func selfCheckCatchesUnreadableOutput() {
        let invisible = QRRenderOptions(foreground: .white, background: .white)
        for format in [QRRenderFormat.png, .svg] {
            #expect(throws: ImagingError(.selfCheckFailed, "")) {
                try QRCodeRenderer.make(Data("x".utf8), format: format, options: invisible)
            }
            let unchecked = try? QRCodeRenderer.make(
                Data("x".utf8), format: format, options: invisible, selfCheck: false)
            #expect(unchecked?.checkedBy == nil && unchecked?.data.isEmpty == false)
        }
    }

    @Test func invertedColoursStillCheck() throws {
        let options = QRRenderOptions(foreground: .white, background: .black)
        let code = try QRCodeRenderer.make(Data("inverted".utf8), format: .png, options: options)
        #expect(code.checkedBy == .inverted)
    }
}
