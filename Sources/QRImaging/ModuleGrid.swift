import FoundationEssentials

/// A grid of light and dark modules read back from rendered text, terminal or SVG output (quiet zone
/// included), used by the self-check.
struct ModuleGrid: Sendable, Equatable {
    let width: Int
    let height: Int
    /// Row-major; true is dark.
    let dark: [Bool]

    /// Reads the `text` format: one line per row, `style`'s dark and light characters only.
    static func readText(_ text: String, style: QRTextStyle) -> ModuleGrid? {
        let (darkCharacter, lightCharacter) = style.characters
        var rows: [[Bool]] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
            var row: [Bool] = []
            for character in line {
                switch character {
                case darkCharacter: row.append(true)
                case lightCharacter: row.append(false)
                default: return nil
                }
            }
            rows.append(row)
        }
        return make(rows)
    }

    /// Reads the `terminal` format: half blocks are light modules, spaces dark; ANSI codes ignored.
    static func readTerminal(_ text: String) -> ModuleGrid? {
        var rows: [[Bool]] = []
        for line in text.split(separator: "\n") {
            var top: [Bool] = []
            var bottom: [Bool] = []
            var inEscape = false
            for character in line {
                if inEscape {
                    if character == "m" { inEscape = false }
                    continue
                }
                let light: (Bool, Bool)
                switch character {
                case "\u{1B}":
                    inEscape = true
                    continue
                case "\u{2588}": light = (true, true)
                case "\u{2580}": light = (true, false)
                case "\u{2584}": light = (false, true)
                case " ": light = (false, false)
                default: return nil
                }
                top.append(!light.0)
                bottom.append(!light.1)
            }
            rows.append(top)
            rows.append(bottom)
        }
        // An odd number of module rows leaves the last half line empty: drop it to stay square.
        if let width = rows.first?.count, rows.count == width + 1 { rows.removeLast() }
        return make(rows)
    }

    /// Reads our own SVG: the `viewBox` side and the `M x,y h n v1 h-n z` runs of the one path.
    static func readSVG(_ svg: String) -> ModuleGrid? {
        guard let viewBox = attribute("viewBox", in: svg) else { return nil }
        let numbers = viewBox.split(separator: " ").compactMap { Int($0) }
        guard numbers.count == 4, numbers[0] == 0, numbers[1] == 0, numbers[2] == numbers[3], numbers[2] > 0,
            numbers[2] <= 1000, let path = attribute("d", in: svg)
        else { return nil }
        let side = numbers[2]
        var dark = [Bool](repeating: false, count: side * side)
        for command in path.split(separator: "z") {
            // Each run: M<x>,<y>h<n>v1h-<n>
            guard command.hasPrefix("M"), let h = command.firstIndex(of: "h"), let v = command.firstIndex(of: "v")
            else { return nil }
            let origin = command[command.index(after: command.startIndex)..<h].split(separator: ",").compactMap {
                Int($0)
            }
            guard origin.count == 2, let run = Int(command[command.index(after: h)..<v]) else { return nil }
            let (x, y) = (origin[0], origin[1])
            guard x >= 0, y >= 0, run > 0, x + run <= side, y < side else { return nil }
            for column in x..<(x + run) { dark[y * side + column] = true }
        }
        return ModuleGrid(width: side, height: side, dark: dark)
    }

    /// The value of the first `name="…"` attribute in `document`.
    private static func attribute(_ name: String, in document: String) -> String? {
        guard let start = document.firstRange(of: " \(name)=\"") else { return nil }
        let rest = document[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }

    private static func make(_ rows: [[Bool]]) -> ModuleGrid? {
        guard let width = rows.first?.count, width > 0, rows.allSatisfy({ $0.count == width }) else { return nil }
        return ModuleGrid(width: width, height: rows.count, dark: rows.flatMap { $0 })
    }

    /// The grid as an image, `scale` pixels per module, with the given grey levels.
    func image(scale: Int, dark darkLevel: UInt8 = 0, light lightLevel: UInt8 = 255) -> GrayImage {
        var image = GrayImage(width: width * scale, height: height * scale, fill: lightLevel)
        for y in 0..<height {
            for x in 0..<width where dark[y * width + x] {
                for py in (y * scale)..<((y + 1) * scale) {
                    for px in (x * scale)..<((x + 1) * scale) { image[px, py] = darkLevel }
                }
            }
        }
        return image
    }
}
