/// The geometry and block structure of a QR Code Model 1 symbol, the form of QR Code before 2000
/// (AIM ITS 97-001, JIS X 0510:1999, ISO/IEC 18004:2000 Annex M): what the symbol reader needs to
/// take the data codewords out of a sampled module grid.
///
/// Model 1 shares model 2's sizes (21–73 modules), finder patterns, timing patterns, format
/// information positions and data masks. It differs in: no alignment patterns and no version
/// information; extension patterns on the right and bottom edges (from version 2); format
/// information XORed with 0x2825; codewords placed as 2 × 4 and 4 × 2 module rectangles rather than
/// bit by bit in a zigzag; error-correction blocks not interleaved; and a bit stream that starts
/// with four 0 bits and has no ECI.
///
/// Versions 1–12. Versions 13 and 14 are left out: the facts at hand disagree there (zxing-cpp's
/// placement gives 542 and 610 codeword slots, its block table 540 and 606–610 codewords, and
/// zxing-cpp reads neither), and nothing independent can check them.
struct QRModel1Layout: Sendable {
    /// Version 1–12.
    let version: Int
    /// Modules per side: 17 + 4 × version.
    var size: Int { 17 + 4 * version }

    /// The highest version read.
    static let maxVersion = 12

    init?(version: Int) {
        guard (1...Self.maxVersion).contains(version) else { return nil }
        self.version = version
    }

    /// The layout of a symbol `size` modules on a side, or nil when no version read has that size.
    init?(size: Int) {
        guard size >= 21, (size - 17) % 4 == 0 else { return nil }
        self.init(version: (size - 17) / 4)
    }

    /// The XOR mask of model 1's format information (model 2's is 0x5412).
    static let formatXOR = 0x2825

    /// The 32 format information words of model 1, as (word, level, mask).
    static let formatWords = QRSymbolLayout.formatWords(xor: formatXOR)

    /// One error-correction level's blocks: codewords of error correction per block, how many
    /// blocks, data codewords per block. Every block of a model 1 symbol has the same size.
    struct Blocks: Sendable, Equatable {
        let ecc: Int
        let count: Int
        let data: Int

        /// Codewords of all blocks, data and error correction.
        var total: Int { count * (data + ecc) }
    }

    /// The blocks of versions 1–12 at levels L, M, Q, H (ISO/IEC 18004:2000 Annex M, Tables M.2 and
    /// M.4, as zxing-cpp core/src/qrcode/QRVersion.cpp `Version::Model1` gives them), as (ecc per
    /// block, blocks, data per block); two versions a line.
    static let blockTable: [[(Int, Int, Int)]] = [
        [(7, 1, 19), (10, 1, 16), (13, 1, 13), (17, 1, 9)], [(10, 1, 36), (16, 1, 30), (22, 1, 24), (30, 1, 16)],
        [(15, 1, 57), (28, 1, 44), (36, 1, 36), (48, 1, 24)], [(20, 1, 80), (40, 1, 60), (50, 1, 50), (66, 1, 34)],
        [(26, 1, 108), (52, 1, 82), (66, 1, 68), (44, 2, 23)], [(34, 1, 136), (32, 2, 53), (42, 2, 43), (56, 2, 29)],
        [(42, 1, 170), (40, 2, 66), (52, 2, 54), (46, 3, 24)], [(24, 2, 104), (48, 2, 80), (64, 2, 64), (56, 3, 29)],
        [(30, 2, 123), (60, 2, 93), (50, 3, 52), (68, 3, 34)], [(34, 2, 145), (68, 2, 111), (58, 3, 61), (58, 4, 31)],
        [(40, 2, 168), (40, 4, 64), (52, 4, 52), (54, 5, 29)], [(46, 2, 192), (46, 4, 73), (58, 4, 61), (62, 5, 33)],
    ]

    /// The blocks at `level`.
    func blocks(level: QRErrorCorrection) -> Blocks {
        let (ecc, count, data) = Self.blockTable[version - 1][level.tableIndex]
        return Blocks(ecc: ecc, count: count, data: data)
    }

    /// `codewordSlots()` of this version, made once per version (a view's corner search decodes up to 81
    /// grids).
    var slots: [[Int]] { Self.slotsByVersion[version - 1] }

    private static let slotsByVersion: [[[Int]]] = (1...maxVersion).map { version in
        QRModel1Layout(version: version)?.codewordSlots() ?? []
    }

    /// The codeword slots in placement order, each the row-major indices of its eight modules, most
    /// significant bit first (zxing-cpp core/src/qrcode/QRBitMatrixParser.cpp, model 1 codewords):
    /// - the two 2-module columns at the right edge, bottom up, 4 rows a codeword, under the top-right
    ///   finder; every second slot of the outer column (not the first or last) is an extension pattern;
    /// - then 4-module columns from the right, bottom up, 2 rows a codeword, skipping the timing row;
    ///   the first beside the top-right finder stops under it; the bottom slot of every second column
    ///   (not the last) is an extension pattern;
    /// - then four 2-module columns between the left finders, bottom up, the last skipping the timing column.
    /// A slot past the blocks' codewords holds no data.
    func codewordSlots() -> [[Int]] {
        let size = size
        let columns = size / 4 + 3
        var slots: [[Int]] = []
        func slot(x: Int, y: Int, width: Int) -> [Int] {
            (0..<8).map { bit in (y - bit / width) * size + x - bit % width }
        }
        for column in 0..<columns {
            if column <= 1 {
                let rows = (size - 8) / 4
                for row in 0..<rows {
                    if column == 0, row % 2 == 0, row > 0, row < rows - 1 { continue }
                    slots.append(slot(x: size - 1 - 2 * column, y: size - 1 - 4 * row, width: 2))
                }
            } else if columns - column <= 4 {
                let fromLeft = columns - column - 1
                for row in 0..<((size - 16) / 4) {
                    slots.append(slot(x: fromLeft * 2 + 1 + (fromLeft == 3 ? 1 : 0), y: size - 9 - 4 * row, width: 2))
                }
            } else {
                let rows = size / 2
                for row in 0..<rows {
                    if column == 2, row >= rows - 4 { continue }
                    if row == 0, column % 2 == 1, column + 1 != columns - 4 { continue }
                    let y = size - 1 - 2 * row - (row >= rows - 3 ? 1 : 0)
                    slots.append(slot(x: size - 5 - (column - 2) * 4, y: y, width: 4))
                }
            }
        }
        return slots
    }

    /// Splits the codewords in placement order into their blocks: model 1 does not interleave them,
    /// so every block's data codewords come first, block by block, then every block's error-correction
    /// codewords. Each block is its data followed by its error correction. Nil when `codewords` are
    /// fewer than the blocks need.
    func blocks(_ codewords: [UInt8], level: QRErrorCorrection) -> [[UInt8]]? {
        let shape = blocks(level: level)
        guard codewords.count >= shape.total else { return nil }
        let eccStart = shape.count * shape.data
        return (0..<shape.count).map { index in
            Array(codewords[(index * shape.data)..<((index + 1) * shape.data)])
                + codewords[(eccStart + index * shape.ecc)..<(eccStart + (index + 1) * shape.ecc)]
        }
    }
}
