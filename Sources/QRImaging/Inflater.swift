/// A decoder of raw DEFLATE streams (RFC 1951) for the PNG reader, about 1.6 times as fast as zlib
/// 1.2.13 on the IDAT streams of photos (`scripts/bench-inflate.sh`), that accepts exactly the
/// streams zlib's raw inflate (window bits −15) accepts and gives the same bytes.
///
/// zlib refuses a stream for: block type 3; a stored block whose `NLEN` is not the complement of
/// its `LEN`; more than 286 literal/length or 30 distance codes; a code-length code that is
/// over-subscribed or incomplete; a literal/length or distance code that is over-subscribed, or
/// incomplete unless it is a single code of length 1; a repeat of the previous length with none
/// before it, or a repeat past the last length; no code for end-of-block; a code with no symbol
/// (the unused half of a single-code set, literal/length 286–287 and distance 30–31 in a fixed
/// block, any distance when the block has none); a distance past the start of the output; and input
/// that ends before the final block does. Each of these fails here too — and nothing else: bits
/// after the last byte are never read as zeros (the leniency that rules out libdeflate and ISA-L,
/// which decode some streams zlib refuses, and so would give pixels where libpng gives an error).
///
/// Speed comes from a 64-bit bit buffer refilled eight bytes at a time without branches, table
/// entries that carry a symbol's kind, base and extra-bit count (a literal costs one lookup, a
/// match two or three), 10- and 8-bit root tables with subtables for longer codes, matches copied
/// eight bytes at a time, and 128 KiB decoded between moves of the 32 KiB window.
///
/// The reader pulls bytes with `read(into:count:)`; `finish()` checks the stream's end.
final class Inflater {
    /// Compressed bytes, `input[0..<inputCount]`, copied from the source ranges 64 KiB at a time (IDAT
    /// chunks split the stream anywhere; the decoder wants it contiguous). Memory stays bounded
    /// whatever the file's size.
    private let input: UnsafeMutablePointer<UInt8>
    private var inputCount = 0
    private let inputCapacity: Int
    /// The next input byte not yet in `bits`.
    private var position = 0
    /// Where the rest of the stream is: `source[sourceRanges[nextRange]]` from `nextOffset` on.
    private let source: UnsafePointer<UInt8>
    private let sourceRanges: [Range<Int>]
    private var nextRange = 0
    private var nextOffset = 0
    /// Source bytes not yet copied into `input`.
    private var pending: Int
    /// The length of the whole stream (what `joining` gave, after the skipped bytes).
    private let streamLength: Int
    /// Source bytes dropped from the front of `input` by `topUp`.
    private var dropped = 0
    /// The source `init(_:)` copied and owns.
    private var ownedSource: UnsafeMutablePointer<UInt8>?
    /// Input bits not yet used, first bit lowest. Bits above `bitCount` are zero or the next input
    /// bits (a refill may load more bytes than it counts); either way a refill may OR them in again.
    private var bits: UInt64 = 0
    private var bitCount = 0

    private enum State {
        case blockHeader
        case stored(remaining: Int)
        case huffman
        case ended
        case failed
    }
    private var state = State.blockHeader
    private var finalBlock = false

    /// The decoded bytes: the last 32 KiB of history, then up to `chunk` new bytes and slack for a
    /// match that starts just before the fill target and for eight-byte copies that overrun.
    private let window: UnsafeMutablePointer<UInt8>
    private static let history = 1 << 15
    private static let chunk = 1 << 17
    private static let fillTarget = history + chunk
    private static let capacity = fillTarget + 258 + 16
    /// `window[head..<tail]` is decoded and not yet read.
    private var head = 0
    private var tail = 0
    /// Bytes decoded before `window[0]` (moved out with the history).
    private var discarded = 0
    /// The farthest a match may reach back (a zlib header's declared window); a match past it fails the stream.
    /// 32 KiB, deflate's own limit, unless the caller sets a smaller one.
    var windowLimit = 1 << 15

    /// Root-table index bits: every code of the code-length code (at most 7 bits) fits; literal/length
    /// and distance codes up to these lengths take one lookup, longer ones two.
    private static let literalRoot = 10
    private static let distanceRoot = 8
    private static let codeLengthRoot = 7
    private static let literalRootMask = UInt64(1 << literalRoot - 1)
    private static let distanceRootMask = UInt64(1 << distanceRoot - 1)
    private static let codeLengthRootMask = UInt64(1 << codeLengthRoot - 1)

    private var literals = HuffmanTable(rootBits: literalRoot)
    private var distances = HuffmanTable(rootBits: distanceRoot)
    private var codeLengths = HuffmanTable(rootBits: codeLengthRoot)
    private lazy var fixedLiterals = Self.fixedTable(literals: true)
    private lazy var fixedDistances = Self.fixedTable(literals: false)
    /// Whether the current block uses the fixed tables.
    private var fixed = false

    /// A decoder of the bytes of `ranges` in `base`, joined, from the `skipping`-th byte on (the PNG
    /// reader skips the two-byte zlib header, which may itself span IDAT chunks). `base` must stay
    /// valid while the decoder is used. `inputCapacity` (at least 16) is there for tests and fuzzing,
    /// which make it small so that every path meets the end of the copied input.
    init(joining ranges: [Range<Int>], of base: UnsafePointer<UInt8>, skipping: Int, inputCapacity: Int = 1 << 16) {
        precondition(inputCapacity >= 16, "the input buffer holds 8 bytes kept and 8 for a refill")
        self.inputCapacity = inputCapacity
        source = base
        sourceRanges = ranges
        streamLength = max(0, ranges.reduce(0) { $0 + $1.count } - skipping)
        pending = streamLength
        var toSkip = skipping
        var first = 0
        while first < ranges.count && toSkip >= ranges[first].count {
            toSkip -= ranges[first].count
            first += 1
        }
        nextRange = first
        nextOffset = toSkip
        input = UnsafeMutablePointer<UInt8>.allocate(capacity: inputCapacity)
        window = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.capacity)
        topUp()
    }

    /// A decoder of `bytes`, a whole raw deflate stream.
    convenience init(_ bytes: [UInt8], inputCapacity: Int = 1 << 16) {
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, bytes.count))
        _ = UnsafeMutableBufferPointer(start: copy, count: bytes.count).initialize(from: bytes)
        self.init(joining: [0..<bytes.count], of: copy, skipping: 0, inputCapacity: inputCapacity)
        ownedSource = copy
    }

    deinit {
        input.deallocate()
        window.deallocate()
        ownedSource?.deallocate()
    }

    /// Moves the unread input to the front (with the up to 7 bytes before it still in `bits`, which
    /// a stored block hands back) and fills the rest of `input` from the source.
    private func topUp() {
        let keep = min(position, 8)
        let start = position - keep
        input.update(from: input + start, count: inputCount - start)
        dropped += start
        inputCount -= start
        position = keep
        while pending > 0 && inputCount < inputCapacity {
            let range = sourceRanges[nextRange]
            let count = min(range.count - nextOffset, inputCapacity - inputCount)
            (input + inputCount).update(from: source + range.lowerBound + nextOffset, count: count)
            inputCount += count
            pending -= count
            nextOffset += count
            if nextOffset == range.count {
                nextRange += 1
                nextOffset = 0
            }
        }
    }

    // MARK: Reading

    /// Fills exactly `count` bytes at `destination`; false when the stream ends early or is refused.
    func read(into destination: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        var filled = 0
        while filled < count {
            if head == tail {
                guard produce() else { return false }
            }
            let piece = min(count - filled, tail - head)
            (destination + filled).update(from: window + head, count: piece)
            filled += piece
            head += piece
        }
        return true
    }

    /// After the last row: whether the stream ends properly, followed by at least `trailer` bytes
    /// (the PNG reader asks for the four of the Adler-32, which libpng needs to be there). Output
    /// past what was read is decoded and dropped; more than 64 KiB of it gives false.
    func finish(trailer: Int) -> Bool {
        var extra = tail - head
        head = tail
        while !isEnded {
            guard extra <= 65_536, produce() else { return false }
            extra += tail - head
            head = tail
        }
        return streamLength - endOfStream >= trailer
    }

    /// The whole decoded stream, or nil when it is refused, cut short, or longer than `limit` bytes.
    func readAll(limit: Int) -> [UInt8]? {
        var result: [UInt8] = []
        while true {
            guard result.count + (tail - head) <= limit else { return nil }
            result.append(contentsOf: UnsafeBufferPointer(start: window + head, count: tail - head))
            head = tail
            if isEnded { return result }
            guard produce() || isEnded else { return nil }
        }
    }

    private var isEnded: Bool {
        if case .ended = state { return true }
        return false
    }

    /// The first input byte after the stream (its last partial byte counts as used), once it ended.
    var endOfStream: Int { dropped + position - bitCount / 8 }

    /// Decodes more bytes after `tail` (moving the history to the front first when the window is
    /// full); false when none came: the stream was refused, or it had ended.
    private func produce() -> Bool {
        if tail >= Self.fillTarget {
            let keep = Self.history
            window.update(from: window + tail - keep, count: keep)
            discarded += tail - keep
            tail = keep
            head = keep
        }
        let before = tail
        while tail < Self.fillTarget {
            switch state {
            case .ended:
                return tail > before
            case .failed:
                return false
            case .blockHeader:
                if !readBlockHeader() { state = .failed }
            case .stored(let remaining):
                copyStored(remaining)
            case .huffman:
                decodeHuffman()
            }
        }
        return true
    }

    // MARK: Bits

    /// Tops `bits` up to at least 56 bits, or to whatever input is left.
    @inline(__always)
    private func refill() {
        if position + 8 > inputCount && pending > 0 { topUp() }
        _ = Self.fill(&bits, &bitCount, &position, from: input, count: inputCount)
    }

    /// The refill itself, on the caller's copies of the bit buffer (`decodeHuffman` keeps them in
    /// locals): eight bytes at once without branches while they are in `input[..<count]` — then all
    /// 64 bits of `bits` are input, and the result is true — else byte by byte to the end.
    @inline(__always)
    private static func fill(
        _ bits: inout UInt64, _ bitCount: inout Int, _ position: inout Int, from input: UnsafePointer<UInt8>,
        count: Int
    ) -> Bool {
        if position &+ 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(input + position).loadUnaligned(as: UInt64.self))
            bits |= word &<< UInt64(bitCount)
            position &+= (63 &- bitCount) &>> 3
            bitCount |= 56
            return true
        }
        while bitCount < 56 && position < count {
            bits |= UInt64(input[position]) &<< UInt64(bitCount)
            position &+= 1
            bitCount &+= 8
        }
        return false
    }

    /// The next `count` bits (at most 32), or nil when the input ends first.
    private func take(_ count: Int) -> UInt32? {
        if bitCount < count { refill() }
        guard bitCount >= count else { return nil }
        let value = UInt32(truncatingIfNeeded: bits & ((1 << UInt64(count)) - 1))
        bits >>= UInt64(count)
        bitCount -= count
        return value
    }

    // MARK: Blocks

    private func readBlockHeader() -> Bool {
        guard let header = take(3) else { return false }
        finalBlock = header & 1 == 1
        switch header >> 1 {
        case 0:
            // To the byte boundary; whole bytes still in `bits` go back to the input.
            position -= bitCount / 8
            bits = 0
            bitCount = 0
            if inputCount - position < 4 && pending > 0 { topUp() }
            guard inputCount - position >= 4 else { return false }
            let length = Int(input[position]) | Int(input[position + 1]) << 8
            let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
            guard length == complement ^ 0xFFFF else { return false }
            position += 4
            state = .stored(remaining: length)
        case 1:
            fixed = true
            state = .huffman
        case 2:
            guard readDynamicTables() else { return false }
            fixed = false
            state = .huffman
        default:
            return false
        }
        return true
    }

    private func endBlock() {
        state = finalBlock ? .ended : .blockHeader
    }

    /// Copies a stored block's bytes, as many as the window takes.
    private func copyStored(_ remaining: Int) {
        if position == inputCount && pending > 0 { topUp() }
        let count = min(remaining, Self.fillTarget - tail, inputCount - position)
        guard remaining == 0 || count > 0 else {
            state = .failed
            return
        }
        (window + tail).update(from: input + position, count: count)
        tail += count
        position += count
        if remaining == count {
            endBlock()
        } else {
            state = .stored(remaining: remaining - count)
        }
    }

    /// The order in which a dynamic block sends the code-length code's lengths.
    private static let lengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    private func readDynamicTables() -> Bool {
        guard let counts = take(14) else { return false }
        let literalCount = 257 + Int(counts & 0x1F)
        let distanceCount = 1 + Int((counts >> 5) & 0x1F)
        let codeLengthCount = 4 + Int(counts >> 10)
        guard literalCount <= 286, distanceCount <= 30 else { return false }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 320) { lengths in
            guard let lengths = lengths.baseAddress else { return false }
            lengths.initialize(repeating: 0, count: 320)
            for index in 0..<codeLengthCount {
                guard let length = take(3) else { return false }
                lengths[Self.lengthOrder[index]] = UInt8(length)
            }
            guard codeLengths.build(lengths, count: 19, kind: .codeLengths) else { return false }
            let total = literalCount + distanceCount
            lengths.update(repeating: 0, count: 19)
            var have = 0
            while have < total {
                refill()
                let entry = codeLengths.entries[Int(truncatingIfNeeded: bits & Self.codeLengthRootMask)]
                let used = Int(entry & 0xFF)
                guard used <= bitCount else { return false }
                bits >>= UInt64(used)
                bitCount -= used
                let symbol = Int(entry >> 16)
                if symbol < 16 {
                    lengths[have] = UInt8(symbol)
                    have += 1
                    continue
                }
                let value: UInt8
                let repeats: Int
                switch symbol {
                case 16:
                    guard have > 0, let extra = take(2) else { return false }
                    value = lengths[have - 1]
                    repeats = 3 + Int(extra)
                case 17:
                    guard let extra = take(3) else { return false }
                    value = 0
                    repeats = 3 + Int(extra)
                default:
                    guard let extra = take(7) else { return false }
                    value = 0
                    repeats = 11 + Int(extra)
                }
                guard have + repeats <= total else { return false }
                (lengths + have).update(repeating: value, count: repeats)
                have += repeats
            }
            guard lengths[256] != 0 else { return false }
            return literals.build(lengths, count: literalCount, kind: .literals)
                && distances.build(lengths + literalCount, count: distanceCount, kind: .distances)
        }
    }

    private static func fixedTable(literals: Bool) -> HuffmanTable {
        var table = HuffmanTable(rootBits: literals ? literalRoot : distanceRoot)
        var lengths = [UInt8](repeating: 5, count: 32)
        if literals {
            lengths = (0..<288).map { symbol in symbol < 144 ? 8 : symbol < 256 ? 9 : symbol < 280 ? 7 : 8 }
        }
        let built = lengths.withUnsafeBufferPointer { buffer in
            table.build(buffer.baseAddress!, count: buffer.count, kind: literals ? .literals : .distances)
        }
        precondition(built, "the fixed Huffman codes are complete")
        return table
    }

    // MARK: Huffman-coded data

    /// Decodes symbols until the block ends or the window reaches its fill target; sets `state` to
    /// `.failed` on a refused or cut-short stream. The bit buffer lives in locals here (the class's
    /// stored properties would be reloaded after every byte written).
    private func decodeHuffman() {
        let literalEntries = fixed ? fixedLiterals.entries : literals.entries
        let distanceEntries = fixed ? fixedDistances.entries : distances.entries
        let input = self.input
        var inputCount = self.inputCount
        let out = window
        let target = Self.fillTarget
        let discarded = self.discarded
        let windowLimit = self.windowLimit
        var position = self.position
        var bits = self.bits
        var bitCount = self.bitCount
        var tail = self.tail
        var blockEnded = false
        literalEntries.withUnsafeBufferPointer { literalTable in
            distanceEntries.withUnsafeBufferPointer { distanceTable in
                // Refills as `refill()` does, on the locals. The eight-byte load fills all 64 bits
                // with input, so up to 48 bits later the next 16 are still input: the next symbol's
                // entry is looked up as soon as the current one's bits are used (before the refill),
                // and the lookup overlaps the store or copy. Near the input's end the bytes come one
                // by one, the bits above `bitCount` may be zeros, and the entry is looked up again
                // after each refill.
                @inline(__always) func refillIsFast() -> Bool {
                    if position &+ 8 > inputCount && pending > 0 {
                        self.position = position
                        topUp()
                        position = self.position
                        inputCount = self.inputCount
                    }
                    return Self.fill(&bits, &bitCount, &position, from: input, count: inputCount)
                }
                _ = refillIsFast()
                var entry = literalTable[Int(truncatingIfNeeded: bits & Self.literalRootMask)]
                while tail < target {
                    if !refillIsFast() { entry = literalTable[Int(truncatingIfNeeded: bits & Self.literalRootMask)] }
                    entry = Self.resolve(entry, in: literalTable, bits: bits, root: Self.literalRoot)
                    let used = Int(entry & 0xFF)
                    if entry & HuffmanTable.literal != 0, used <= bitCount {
                        bits &>>= UInt64(used)
                        bitCount &-= used
                        let byte = UInt8(truncatingIfNeeded: entry &>> 16)
                        entry = literalTable[Int(truncatingIfNeeded: bits & Self.literalRootMask)]
                        out[tail] = byte
                        tail &+= 1
                        continue
                    }
                    guard entry & HuffmanTable.invalid == 0, used <= bitCount else { return }
                    bits &>>= UInt64(used)
                    bitCount &-= used
                    if entry & HuffmanTable.endOfBlock != 0 {
                        blockEnded = true
                        return
                    }
                    // A length: its extra bits, then a distance code and its extra bits (48 bits at
                    // most, all in `bits` after one refill unless the input is ending).
                    let lengthExtra = Int((entry &>> 8) & 0xF)
                    guard lengthExtra <= bitCount else { return }
                    let length =
                        Int(entry &>> 16) &+ Int(truncatingIfNeeded: bits & ((1 &<< UInt64(lengthExtra)) &- 1))
                    bits &>>= UInt64(lengthExtra)
                    bitCount &-= lengthExtra
                    let code = Self.resolve(
                        distanceTable[Int(truncatingIfNeeded: bits & Self.distanceRootMask)], in: distanceTable,
                        bits: bits, root: Self.distanceRoot)
                    let codeBits = Int(code & 0xFF)
                    let distanceExtra = Int((code &>> 8) & 0xF)
                    guard code & HuffmanTable.invalid == 0, codeBits &+ distanceExtra <= bitCount else { return }
                    bits &>>= UInt64(codeBits)
                    let distance =
                        Int(code &>> 16) &+ Int(truncatingIfNeeded: bits & ((1 &<< UInt64(distanceExtra)) &- 1))
                    bits &>>= UInt64(distanceExtra)
                    bitCount &-= codeBits &+ distanceExtra
                    guard distance <= discarded &+ tail, distance <= windowLimit else { return }
                    entry = literalTable[Int(truncatingIfNeeded: bits & Self.literalRootMask)]
                    Self.copyMatch(out + tail, distance: distance, length: length)
                    tail &+= length
                }
            }
        }
        self.position = position
        self.bits = bits
        self.bitCount = bitCount
        self.tail = tail
        if blockEnded {
            endBlock()
        } else if tail < target {
            state = .failed
        }
    }

    /// A root-table `entry`, or where it points to a subtable, the subtable's entry for the bits after
    /// the root's `root` bits.
    @inline(__always)
    private static func resolve(
        _ entry: UInt32, in table: UnsafeBufferPointer<UInt32>, bits: UInt64, root: Int
    ) -> UInt32 {
        guard entry & HuffmanTable.subtable != 0 else { return entry }
        let indexMask = (1 &<< UInt64((entry &>> 8) & 0xF)) &- 1
        return table[Int(entry &>> 16) &+ Int(truncatingIfNeeded: (bits &>> UInt64(root)) & indexMask)]
    }

    /// Copies `length` bytes from `distance` back; may write up to 7 bytes past the end.
    @inline(__always)
    private static func copyMatch(_ destination: UnsafeMutablePointer<UInt8>, distance: Int, length: Int) {
        let source = destination - distance
        if distance >= 8 {
            var offset = 0
            repeat {
                let word = UnsafeRawPointer(source + offset).loadUnaligned(as: UInt64.self)
                UnsafeMutableRawPointer(destination + offset).storeBytes(of: word, as: UInt64.self)
                offset &+= 8
            } while offset < length
        } else if distance == 1 {
            destination.update(repeating: source.pointee, count: length)
        } else {
            for offset in 0..<length { destination[offset] = source[offset] }
        }
    }
}

/// A canonical Huffman code as a lookup table: a root table indexed by the next `rootBits` input
/// bits (the first code bit lowest), and for codes longer than that, subtables indexed by the bits
/// after the root's.
///
/// An entry (`UInt32`): bits 0–7 how many input bits the code uses (the whole code, also in a
/// subtable), 8–11 how many extra bits follow it (for a subtable pointer: the subtable's index
/// bits), 12–15 its kind (`literal`, `endOfBlock`, `subtable`, `invalid`; none for a length or
/// distance), and 16–31 its value: the literal byte, the base length or distance, the subtable's
/// offset, or the symbol of a code-length code.
struct HuffmanTable {
    static let literal: UInt32 = 1 << 12
    static let endOfBlock: UInt32 = 1 << 13
    static let subtable: UInt32 = 1 << 14
    static let invalid: UInt32 = 1 << 15

    enum Kind {
        /// The code-length code of a dynamic block: must be complete.
        case codeLengths
        /// Literal/length and distance codes: complete, or a single code of length 1 (whose unused
        /// half has no symbol), or — distances only — no code at all.
        case literals
        case distances
    }

    let rootBits: Int
    private(set) var entries: [UInt32]

    init(rootBits: Int) {
        self.rootBits = rootBits
        entries = [UInt32](repeating: Self.invalid, count: 1 << rootBits)
    }

    /// Length bases and extra bits of literal/length symbols 257–285.
    private static let lengthBases: [UInt32] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
        227, 258,
    ]
    private static let lengthExtras: [UInt32] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    /// Distance bases and extra bits of distance symbols 0–29.
    private static let distanceBases: [UInt32] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
        4097, 6145, 8193, 12289, 16385, 24577,
    ]

    /// A symbol's entry without its code length.
    private static func entry(_ symbol: Int, _ kind: Kind) -> UInt32 {
        switch kind {
        case .codeLengths:
            return UInt32(symbol) << 16
        case .literals:
            if symbol < 256 { return literal | UInt32(symbol) << 16 }
            if symbol == 256 { return endOfBlock }
            if symbol <= 285 { return lengthBases[symbol - 257] << 16 | lengthExtras[symbol - 257] << 8 }
            return invalid
        case .distances:
            guard symbol < 30 else { return invalid }
            return distanceBases[symbol] << 16 | UInt32(max(0, symbol / 2 - 1)) << 8
        }
    }

    /// Builds the table from `count` code lengths (0 = symbol unused); false when zlib would refuse
    /// the set: over-subscribed, or incomplete beyond what `kind` allows. Runs once or twice a block:
    /// its scratch space is on the stack and the entries' storage is reused.
    mutating func build(_ lengths: UnsafePointer<UInt8>, count: Int, kind: Kind) -> Bool {
        let rootBits = self.rootBits
        let root = 1 << rootBits
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 32 + 2 * count + root) { scratch in
            let perLength = scratch.baseAddress!
            let next = perLength + 16
            let reversed = next + 16
            perLength.initialize(repeating: 0, count: 16)
            for symbol in 0..<count { perLength[Int(lengths[symbol])] += 1 }
            perLength[0] = 0
            var longest = 15
            while longest > 0 && perLength[longest] == 0 { longest -= 1 }
            if longest == 0 {
                // No codes: only a distance code may be empty (zlib fails when one is used).
                guard kind == .distances else { return false }
                entries = [UInt32](repeating: Self.invalid, count: root)
                return true
            }
            var left = 1
            for length in 1...15 {
                left = left * 2 - perLength[length]
                if left < 0 { return false }
            }
            if left > 0 && (kind == .codeLengths || longest != 1) { return false }

            // Canonical codes, bit-reversed (the first code bit is the lowest input bit).
            var code = 0
            next[0] = 0
            for length in 1...15 {
                code = (code + perLength[length - 1]) << 1
                next[length] = code
            }
            for symbol in 0..<count where lengths[symbol] != 0 {
                let length = Int(lengths[symbol])
                reversed[symbol] = Self.reverse(next[length], bits: length)
                next[length] += 1
            }

            // Subtables: one per root prefix of longer codes, sized for the longest code under it.
            let deepest = reversed + count
            let prefixes = deepest + root
            var prefixCount = 0
            if longest > rootBits {
                deepest.initialize(repeating: 0, count: root)
                for symbol in 0..<count where Int(lengths[symbol]) > rootBits {
                    let prefix = reversed[symbol] & (root - 1)
                    if deepest[prefix] == 0 {
                        prefixes[prefixCount] = prefix
                        prefixCount += 1
                    }
                    deepest[prefix] = max(deepest[prefix], Int(lengths[symbol]))
                }
            }
            var size = root
            for index in 0..<prefixCount { size += 1 << (deepest[prefixes[index]] - rootBits) }
            // A complete code fills every entry; only a single code of length 1 leaves half unused.
            if left > 0 {
                entries = [UInt32](repeating: Self.invalid, count: size)
            } else if entries.count < size {
                entries.append(contentsOf: repeatElement(Self.invalid, count: size - entries.count))
            }
            entries.withUnsafeMutableBufferPointer { table in
                var offset = root
                for index in 0..<prefixCount {
                    let subBits = deepest[prefixes[index]] - rootBits
                    table[prefixes[index]] = Self.subtable | UInt32(offset) << 16 | UInt32(subBits) << 8
                    offset += 1 << subBits
                }
                for symbol in 0..<count where lengths[symbol] != 0 {
                    let length = Int(lengths[symbol])
                    let value = Self.entry(symbol, kind) | UInt32(length)
                    if length <= rootBits {
                        for index in stride(from: reversed[symbol], to: root, by: 1 << length) {
                            table[index] = value
                        }
                    } else {
                        let pointer = table[reversed[symbol] & (root - 1)]
                        let start = Int(pointer >> 16)
                        let span = 1 << Int((pointer >> 8) & 0xF)
                        for index in stride(from: reversed[symbol] >> rootBits, to: span, by: 1 << (length - rootBits))
                        {
                            table[start + index] = value
                        }
                    }
                }
            }
            return true
        }
    }

    private static func reverse(_ code: Int, bits: Int) -> Int {
        var result = 0
        var rest = code
        for _ in 0..<bits {
            result = result << 1 | rest & 1
            rest >>= 1
        }
        return result
    }
}
