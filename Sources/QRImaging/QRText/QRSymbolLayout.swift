/// The geometry and block structure of a QR Code symbol (ISO/IEC 18004:2015, model 2): where its
/// function patterns are, in which order its codewords are placed, how they split into
/// error-correction blocks, and the format information. What the symbol reader needs to take the
/// data codewords out of a sampled module grid.
struct QRSymbolLayout: Sendable {
    /// Version 1–40.
    let version: Int
    /// Modules per side: 17 + 4 × version.
    var size: Int { 17 + 4 * version }

    init?(version: Int) {
        guard (1...40).contains(version) else { return nil }
        self.version = version
    }

    /// The centre coordinates of the alignment patterns along one axis (ISO/IEC 18004 Annex E): 6,
    /// then evenly spaced (even steps) up to size − 7. Empty for version 1.
    var alignmentCentres: [Int] {
        guard version > 1 else { return [] }
        let count = version / 7 + 2
        let step = version == 32 ? 26 : (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        var centres = [6]
        for index in 0..<(count - 1) { centres.insert(size - 7 - index * step, at: 1) }
        return centres
    }

    /// Whether each module (row-major, `size × size`) belongs to a function pattern or the format or
    /// version information rather than to the data region.
    func functionMask() -> [Bool] {
        let size = size
        var mask = [Bool](repeating: false, count: size * size)
        func mark(_ x0: Int, _ y0: Int, _ width: Int, _ height: Int) {
            for y in max(0, y0)..<min(size, y0 + height) {
                for x in max(0, x0)..<min(size, x0 + width) { mask[y * size + x] = true }
            }
        }
        // Finder patterns with separators and the format information beside them.
        mark(0, 0, 9, 9)
        mark(size - 8, 0, 8, 9)
        mark(0, size - 8, 9, 8)
        // Timing patterns.
        mark(0, 6, size, 1)
        mark(6, 0, 1, size)
        // Alignment patterns, except the three that would overlap the finder patterns.
        let centres = alignmentCentres
        for (i, cy) in centres.enumerated() {
            for (j, cx) in centres.enumerated() {
                let last = centres.count - 1
                if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) { continue }
                mark(cx - 2, cy - 2, 5, 5)
            }
        }
        // Version information (version 7 and up): 6 × 3 blocks beside the top-right and bottom-left finders.
        if version >= 7 {
            mark(size - 11, 0, 3, 6)
            mark(0, size - 11, 6, 3)
        }
        return mask
    }

    /// The modules of the data region in placement order (two-module columns from the right, upwards
    /// then downwards, skipping the vertical timing column), as row-major indices.
    func dataModuleOrder() -> [Int] {
        let size = size
        let mask = functionMask()
        var order: [Int] = []
        order.reserveCapacity(size * size)
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = (right + 1) & 2 == 0
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                // The right module of the pair, then the left (no array per row: this runs for every
                // code drawing a scan reads).
                let row = y * size
                if !mask[row + right] { order.append(row + right) }
                if !mask[row + right - 1] { order.append(row + right - 1) }
            }
            right -= 2
        }
        return order
    }

    /// All codewords of the symbol (data and error correction).
    var totalCodewords: Int {
        var modules = (16 * version + 128) * version + 64
        if version >= 2 {
            let count = version / 7 + 2
            modules -= (25 * count - 10) * count - 55
            if version >= 7 { modules -= 36 }
        }
        return modules / 8
    }

    /// Error-correction codewords per block, indexed by level (L, M, Q, H) then version − 1
    /// (ISO/IEC 18004 Table 9).
    static let eccPerBlock: [[Int]] = [
        [
            7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
            28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
            26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
        ],
        [
            13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
            28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
            30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
    ]

    /// Error-correction blocks, indexed like `eccPerBlock` (ISO/IEC 18004 Table 9).
    static let blockCount: [[Int]] = [
        [
            1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
            8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25,
        ],
        [
            1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
            17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
        ],
        [
            1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
            23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
        ],
        [
            1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
            25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
        ],
    ]

    /// The data codewords of the symbol at `level`.
    func dataCodewords(level: QRErrorCorrection) -> Int {
        let row = level.tableIndex
        return totalCodewords - Self.eccPerBlock[row][version - 1] * Self.blockCount[row][version - 1]
    }

    /// Splits the codewords in placement order into their blocks (the interleaving undone): each block
    /// is its data codewords followed by its error-correction codewords; the shorter blocks come first.
    func blocks(_ codewords: [UInt8], level: QRErrorCorrection) -> [(data: Int, codewords: [UInt8])] {
        let row = level.tableIndex
        let count = Self.blockCount[row][version - 1]
        let ecc = Self.eccPerBlock[row][version - 1]
        let total = totalCodewords
        let shortLength = total / count
        let shortBlocks = count - total % count
        let shortData = shortLength - ecc
        var blocks = (0..<count).map { index in
            [UInt8](repeating: 0, count: index < shortBlocks ? shortLength : shortLength + 1)
        }
        var position = 0
        // Data codewords, one from each block in turn; the long blocks have one more at the end.
        for column in 0...shortData {
            for index in 0..<count where column < shortData || index >= shortBlocks {
                blocks[index][column] = codewords[position]
                position += 1
            }
        }
        // Then the error-correction codewords, one from each block in turn.
        for column in 0..<ecc {
            for index in 0..<count {
                blocks[index][blocks[index].count - ecc + column] = codewords[position]
                position += 1
            }
        }
        return blocks.enumerated().map { index, block in (index < shortBlocks ? shortData : shortData + 1, block) }
    }

    /// Whether the module at column `x`, row `y` is inverted by data mask `pattern` (0–7).
    static func masked(_ pattern: Int, x: Int, y: Int) -> Bool {
        switch pattern {
        case 0: (x + y) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (x + y) % 3 == 0
        case 4: (x / 3 + y / 2) % 2 == 0
        case 5: x * y % 2 + x * y % 3 == 0
        case 6: (x * y % 2 + x * y % 3) % 2 == 0
        default: ((x + y) % 2 + x * y % 3) % 2 == 0
        }
    }

    /// The 15-bit format information word (BCH(15,5) coded, XOR 0x5412) for each of the 32 pairs of
    /// level and mask, as (word, level, mask).
    static let formatWords = formatWords(xor: 0x5412)

    /// The format information words BCH(15,5) coded and XORed with `xor` (0x5412 in model 2, 0x2825 in
    /// model 1), as (word, level, mask).
    static func formatWords(xor: Int) -> [(word: Int, level: QRErrorCorrection, mask: Int)] {
        // Level bits of the format information: L 01, M 00, Q 11, H 10.
        let levels: [(QRErrorCorrection, Int)] = [(.low, 1), (.medium, 0), (.quartile, 3), (.high, 2)]
        var words: [(Int, QRErrorCorrection, Int)] = []
        for (level, bits) in levels {
            for mask in 0..<8 {
                let data = bits << 3 | mask
                var remainder = data
                for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
                words.append(((data << 10 | remainder) ^ xor, level, mask))
            }
        }
        return words
    }

    /// The (column, row) of each bit of the format information's first copy (beside the top-left
    /// finder), bit 0 first; and of its second copy (split between the other two finders).
    func formatPositions() -> (first: [(Int, Int)], second: [(Int, Int)]) {
        var first: [(Int, Int)] = (0..<6).map { (8, $0) }
        first += [(8, 7), (8, 8), (7, 8)]
        first += (9..<15).map { (14 - $0, 8) }
        var second: [(Int, Int)] = (0..<8).map { (size - 1 - $0, 8) }
        second += (8..<15).map { (8, size - 15 + $0) }
        return (first, second)
    }

    /// The two copies of the format information as read through `isDark(column, row)`.
    func formatCopies(isDark: (Int, Int) -> Bool) -> FormatCopies {
        let positions = formatPositions()
        func word(_ bits: [(Int, Int)]) -> Int {
            bits.enumerated().reduce(0) { word, item in
                isDark(item.element.0, item.element.1) ? word | 1 << item.offset : word
            }
        }
        return FormatCopies(first: word(positions.first), second: word(positions.second))
    }
}

/// The two copies of a symbol's format information as read, 15-bit words, bit 0 first.
struct FormatCopies: Equatable {
    let first: Int
    let second: Int

    /// The entry of `words` (`QRSymbolLayout.formatWords`, `QRModel1Layout.formatWords`) nearest either
    /// copy, the first of equals, with its distance in bits; nil for an empty list.
    func nearest(
        in words: [(word: Int, level: QRErrorCorrection, mask: Int)]
    ) -> (word: Int, level: QRErrorCorrection, mask: Int, distance: Int)? {
        var best: (word: Int, level: QRErrorCorrection, mask: Int, distance: Int)?
        for entry in words {
            let distance = min((first ^ entry.word).nonzeroBitCount, (second ^ entry.word).nonzeroBitCount)
            if distance < best?.distance ?? Int.max { best = (entry.word, entry.level, entry.mask, distance) }
        }
        return best
    }

    /// Whether both copies are within `bits` bits of `word`.
    func bothWithin(_ bits: Int, of word: Int) -> Bool {
        (first ^ word).nonzeroBitCount <= bits && (second ^ word).nonzeroBitCount <= bits
    }
}
