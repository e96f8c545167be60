import CPNG
import QRAuthTestSupport
import Testing

@testable import QRImaging

/// The inflater against zlib: what zlib writes comes back byte for byte, each way zlib refuses a
/// stream is refused, and on mutated streams both accept and refuse the same ones.
@Suite("Inflater")
struct InflaterTests {
    // MARK: zlib as the reference

    /// A raw deflate stream (no zlib header or trailer) as zlib writes it.
    static func zlibDeflate(_ data: [UInt8], level: Int32, strategy: Int32) -> [UInt8] {
        var stream = z_stream()
        let started = deflateInit2_(
            &stream, level, Z_DEFLATED, -15, 8, strategy, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        precondition(started == Z_OK)
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(data.count))) + 16)
        var input = data
        let written = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = destination.baseAddress
                stream.avail_out = uInt(destination.count)
                precondition(deflate(&stream, Z_FINISH) == Z_STREAM_END)
                return destination.count - Int(stream.avail_out)
            }
        }
        return Array(output.prefix(written))
    }

    /// zlib's raw inflate (window bits −15): the output when the stream ends, nil when zlib refuses
    /// it or it ends early (or gives more than `limit` bytes).
    static func zlibInflate(_ data: [UInt8], limit: Int = 1 << 22) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: limit)
        var input = data
        let (status, produced) = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = destination.baseAddress
                stream.avail_out = uInt(destination.count)
                let status = inflate(&stream, Z_FINISH)
                return (status, destination.count - Int(stream.avail_out))
            }
        }
        return status == Z_STREAM_END ? Array(output.prefix(produced)) : nil
    }

    /// The inflater's output, checked to be the same with a 16–40-byte input buffer (every path then
    /// meets the buffer's end, as it does every 64 KiB on real streams).
    static func inflated(_ data: [UInt8], limit: Int = 1 << 22) -> [UInt8]? {
        let result = Inflater(data).readAll(limit: limit)
        let small = Inflater(data, inputCapacity: 16 + data.count % 25).readAll(limit: limit)
        #expect(small == result, "with a \(16 + data.count % 25)-byte input buffer")
        return result
    }

    /// Inputs that make zlib use every kind of block and match: incompressible bytes, text, image-like
    /// rows with short distances, long runs, and a 32 KiB period (matches at the largest distance,
    /// across the decoder's window moves).
    static func inputs() -> [(String, [UInt8])] {
        var generator = SeededGenerator(seed: 24)
        let random = (0..<70_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let text = Array(
            String(repeating: "Offline operation QR codes carry a signed payload; ", count: 900).utf8)
        var rows: [UInt8] = []
        for y in 0..<300 {
            for x in 0..<600 { rows.append(UInt8(truncatingIfNeeded: (x / 7 + y / 5) * 3 + (x * y) % 5)) }
        }
        let period = Array(random.prefix(32_768))
        return [
            ("empty", []), ("one byte", [42]), ("random", random), ("text", text), ("rows", rows),
            ("runs", [UInt8](repeating: 7, count: 100_000) + [1, 2, 3] + [UInt8](repeating: 9, count: 5_000)),
            ("32 KiB period", Array(repeatElement(period, count: 10).joined())),
        ]
    }

    @Test("gives back what zlib wrote, at every level and strategy")
    func roundTrip() {
        let strategies: [(String, Int32)] = [
            ("default", Z_DEFAULT_STRATEGY), ("filtered", Z_FILTERED), ("Huffman only", Z_HUFFMAN_ONLY),
            ("RLE", Z_RLE), ("fixed", Z_FIXED),
        ]
        for (name, data) in Self.inputs() {
            for level: Int32 in [0, 1, 6, 9] {
                for (strategyName, strategy) in strategies {
                    let stream = Self.zlibDeflate(data, level: level, strategy: strategy)
                    let result = Self.inflated(stream)
                    #expect(result == data, "\(name), level \(level), \(strategyName)")
                }
            }
        }
    }

    @Test("reads in pieces of any size across the window moves")
    func readsInPieces() {
        let data = Self.inputs().first { $0.0 == "32 KiB period" }!.1
        let inflater = Inflater(Self.zlibDeflate(data, level: 6, strategy: Z_DEFAULT_STRATEGY))
        var out: [UInt8] = []
        var piece = 1
        var buffer = [UInt8](repeating: 0, count: 70_000)
        while out.count < data.count {
            let count = min(piece, data.count - out.count)
            let read = buffer.withUnsafeMutableBufferPointer { inflater.read(into: $0.baseAddress!, count: count) }
            #expect(read)
            guard read else { return }
            out += buffer.prefix(count)
            piece = piece * 7 % 69_997 + 1
        }
        #expect(out == data)
        #expect(inflater.finish(trailer: 0))
    }

    @Test("reads a stream split into ranges of any size, empty ones too, after a skipped header")
    func readsSplitStreams() {
        var generator = SeededGenerator(seed: 7)
        for (name, data) in Self.inputs() where data.count > 50_000 {
            for level: Int32 in [0, 6] {
                let stream = [0x78, 0x9C] + Self.zlibDeflate(data, level: level, strategy: Z_DEFAULT_STRATEGY)
                var ranges: [Range<Int>] = []
                var start = 0
                while start < stream.count {
                    let length = [0, 1, 3, 100, 8_192, 70_000].randomElement(using: &generator)!
                    let end = min(stream.count, start + length)
                    ranges.append(start..<end)
                    start = end
                }
                let result = stream.withUnsafeBufferPointer { buffer in
                    Inflater(joining: ranges, of: buffer.baseAddress!, skipping: 2).readAll(limit: 1 << 22)
                }
                #expect(result == data, "\(name), level \(level), \(ranges.count) ranges")
            }
        }
    }

    @Test("finish: the stream must end, with the trailer's bytes after it")
    func finishChecksTheEnd() {
        let data = Array("trailer".utf8)
        let stream = Self.zlibDeflate(data, level: 6, strategy: Z_DEFAULT_STRATEGY)
        var buffer = [UInt8](repeating: 0, count: data.count)
        for (extra, expected) in [(0, false), (3, false), (4, true), (9, true)] {
            let inflater = Inflater(stream + [UInt8](repeating: 0xA5, count: extra))
            let read = buffer.withUnsafeMutableBufferPointer { inflater.read(into: $0.baseAddress!, count: data.count) }
            #expect(read && buffer == data)
            #expect(inflater.finish(trailer: 4) == expected, "\(extra) bytes after the stream")
        }
        // Rows read but the stream not ended: the rest is decoded and dropped, up to 64 KiB.
        let long = Self.zlibDeflate([UInt8](repeating: 1, count: 200_000), level: 6, strategy: Z_DEFAULT_STRATEGY)
        let early = Inflater(long + [0, 0, 0, 0])
        #expect(buffer.withUnsafeMutableBufferPointer { early.read(into: $0.baseAddress!, count: 7) })
        #expect(!early.finish(trailer: 4))
        let near = Inflater(long + [0, 0, 0, 0])
        var most = [UInt8](repeating: 0, count: 150_000)
        #expect(most.withUnsafeMutableBufferPointer { near.read(into: $0.baseAddress!, count: 150_000) })
        #expect(near.finish(trailer: 4))
        // Every prefix of a stream is cut short.
        for cut in 0..<stream.count {
            #expect(Self.inflated(Array(stream.prefix(cut))) == nil, "cut at \(cut)")
        }
    }

    // MARK: Hand-written streams, one per way zlib refuses

    /// Bits first-bit-lowest, as deflate packs them; Huffman codes go most significant bit first.
    struct Bits {
        var bytes: [UInt8] = []
        var count = 0

        mutating func put(_ value: Int, _ bits: Int) {
            for index in 0..<bits {
                if count % 8 == 0 { bytes.append(0) }
                bytes[bytes.count - 1] |= UInt8((value >> index) & 1) << (count % 8)
                count += 1
            }
        }

        mutating func code(_ code: (code: Int, length: Int)) {
            for index in (0..<code.length).reversed() { put((code.code >> index) & 1, 1) }
        }

        mutating func align() { count = bytes.count * 8 }
    }

    /// Canonical codes for `lengths` (RFC 1951 §3.2.2), by symbol.
    static func canonical(_ lengths: [Int]) -> [(code: Int, length: Int)] {
        var next = [Int](repeating: 0, count: 17)
        var code = 0
        for length in 1...16 {
            code = (code + lengths.filter { $0 == length - 1 && length > 1 }.count) << 1
            next[length] = code
        }
        return lengths.map { length in
            guard length > 0 else { return (0, 0) }
            defer { next[length] += 1 }
            return (next[length], length)
        }
    }

    /// The code-length code used below: symbols 0–4, 16, 17 and 18, three bits each (complete).
    static let codeLengthLengths: [Int] = {
        var lengths = [Int](repeating: 0, count: 19)
        for symbol in [0, 1, 2, 3, 4, 16, 17, 18] { lengths[symbol] = 3 }
        return lengths
    }()
    static let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// A dynamic block's header: counts, the code-length code, then `lengths` literally (or the raw
    /// code-length symbols and extra bits of `symbols`, when given).
    static func dynamicHeader(
        _ bits: inout Bits, final: Bool = true, literals: Int, distances: Int, lengths: [Int],
        codeLengths: [Int] = codeLengthLengths, symbols: [(Int, Int, Int)]? = nil
    ) {
        bits.put(final ? 1 : 0, 1)
        bits.put(2, 2)
        bits.put(literals - 257, 5)
        bits.put(distances - 1, 5)
        bits.put(19 - 4, 4)
        for symbol in order { bits.put(codeLengths[symbol], 3) }
        let codes = canonical(codeLengths)
        for (symbol, extra, extraBits) in symbols ?? lengths.map({ ($0, 0, 0) }) {
            bits.code(codes[symbol])
            bits.put(extra, extraBits)
        }
    }

    /// Literal/length code lengths: the given symbols, the rest unused.
    static func literalLengths(_ assigned: [Int: Int], count: Int = 257) -> [Int] {
        (0..<count).map { assigned[$0] ?? 0 }
    }

    @Test("a dynamic block with an empty distance code and only literals is accepted")
    func literalsOnly() {
        var bits = Bits()
        let literals = Self.literalLengths([97: 1, 256: 1])
        Self.dynamicHeader(&bits, literals: 257, distances: 1, lengths: literals + [0])
        let codes = Self.canonical(literals)
        bits.code(codes[97])
        bits.code(codes[97])
        bits.code(codes[256])
        #expect(Self.inflated(bits.bytes) == Array("aa".utf8))
        #expect(Self.zlibInflate(bits.bytes) == Array("aa".utf8))
    }

    @Test("single codes of length 1 are accepted, and their unused half is refused")
    func singleCodes() {
        // Literal/length: only end-of-block.
        for (bit, accepted) in [(0, true), (1, false)] {
            var bits = Bits()
            Self.dynamicHeader(&bits, literals: 257, distances: 1, lengths: Self.literalLengths([256: 1]) + [0])
            bits.put(bit, 1)
            bits.put(0, 16)
            #expect((Self.inflated(bits.bytes) != nil) == accepted, "end-of-block bit \(bit)")
            #expect((Self.zlibInflate(bits.bytes) != nil) == accepted)
        }
        // Distance: one code (distance 1), then a match of length 3 at distance code 0 or 1.
        let literals = Self.literalLengths([97: 1, 256: 2, 257: 2], count: 258)
        let codes = Self.canonical(literals)
        for (bit, expected) in [(0, Array("aaaa".utf8)), (1, nil)] {
            var bits = Bits()
            Self.dynamicHeader(&bits, literals: 258, distances: 1, lengths: literals + [1])
            bits.code(codes[97])
            bits.code(codes[257])
            bits.put(bit, 1)
            bits.code(codes[256])
            #expect(Self.inflated(bits.bytes) == expected, "distance bit \(bit)")
            #expect(Self.zlibInflate(bits.bytes) == expected)
        }
        // No distance code at all, and a match.
        var bits = Bits()
        Self.dynamicHeader(&bits, literals: 258, distances: 1, lengths: literals + [0])
        bits.code(codes[97])
        bits.code(codes[257])
        bits.put(0, 8)
        bits.code(codes[256])
        #expect(Self.inflated(bits.bytes) == nil)
        #expect(Self.zlibInflate(bits.bytes) == nil)
    }

    /// A final fixed block: literal 'a', a match of length 3 with distance code `distanceCode`, then
    /// end-of-block. Fixed codes: literal 'a' is 0x30 + 97 (8 bits), length 3 is 1 (7 bits), distance
    /// code d is d (5 bits), end-of-block is 0 (7 bits), literal/length 286 is 0xC6 (8 bits).
    static func fixedBlock(_ bits: inout Bits, distanceCode: Int) {
        bits.put(1, 1)
        bits.put(1, 2)
        bits.code((0x30 + 97, 8))
        bits.code((1, 7))
        bits.code((distanceCode, 5))
        bits.code((0, 7))
    }

    /// Refused streams, each with the rule zlib refuses it by. Each is complete otherwise (it ends its
    /// block and the stream, zero bytes follow), so a decoder without that rule would accept it;
    /// only an over-subscribed code and a code without end-of-block cannot be made so.
    static func refusedStreams() -> [(String, [UInt8])] {
        var cases: [(String, [UInt8])] = []
        func add(_ name: String, _ build: (inout Bits) -> Void) {
            var bits = Bits()
            build(&bits)
            bits.put(0, 32)
            cases.append((name, bits.bytes))
        }
        /// A dynamic block with these literal/length and distance lengths, ended at once.
        func block(_ bits: inout Bits, literals: [Int: Int], literalCount: Int = 257, distances: [Int]) {
            let lengths = literalLengths(literals, count: literalCount)
            dynamicHeader(&bits, literals: literalCount, distances: distances.count, lengths: lengths + distances)
            bits.code(canonical(lengths)[256])
        }
        add("block type 3") {
            $0.put(1, 1); $0.put(3, 2)
        }
        add("stored length not matching its complement") {
            $0.put(1, 1); $0.put(0, 2); $0.align(); $0.put(5, 16); $0.put(0xFFFB, 16); $0.put(0x6F6C6C6568, 40)
        }
        add("287 literal/length codes") { block(&$0, literals: [97: 1, 256: 1], literalCount: 287, distances: [0]) }
        add("31 distance codes") {
            block(&$0, literals: [97: 1, 256: 1], distances: [Int](repeating: 0, count: 31))
        }
        add("incomplete code-length code") {
            var lengths = [Int](repeating: 0, count: 19)
            lengths[1] = 1
            lengths[0] = 2
            let symbols = (0..<258).map { ($0 == 97 || $0 == 256 ? 1 : 0, 0, 0) }
            dynamicHeader(&$0, literals: 257, distances: 1, lengths: [], codeLengths: lengths, symbols: symbols)
            $0.code((1, 1))
        }
        add("over-subscribed code-length code") {
            var lengths = [Int](repeating: 0, count: 19)
            for symbol in [0, 1, 2] { lengths[symbol] = 1 }
            dynamicHeader(&$0, literals: 257, distances: 1, lengths: [], codeLengths: lengths, symbols: [])
        }
        add("over-subscribed literal/length code") { block(&$0, literals: [97: 1, 98: 1, 256: 1], distances: [0]) }
        add("incomplete literal/length code") { block(&$0, literals: [97: 1, 98: 2, 256: 3], distances: [0]) }
        add("incomplete distance code of two codes") { block(&$0, literals: [97: 1, 256: 1], distances: [2, 1]) }
        add("no code for end-of-block") {
            dynamicHeader(&$0, literals: 257, distances: 1, lengths: literalLengths([97: 1, 98: 1]) + [0])
        }
        add("a repeat with no length before it") {
            // Read as three zeros it would give 97 and 256 length 1: 3 + 94 zeros, 1, 158 zeros, 1, 0.
            let symbols = [(16, 0, 2), (18, 83, 7), (1, 0, 0), (18, 127, 7), (18, 9, 7), (1, 0, 0), (0, 0, 0)]
            dynamicHeader(&$0, literals: 257, distances: 1, lengths: [], symbols: symbols)
            $0.code((1, 1))
        }
        add("a repeat past the last length") {
            // 256 zeros (18: 138 + 18: 118), a 1 for end-of-block, then 18 asks for 11 more than the one left.
            dynamicHeader(
                &$0, literals: 257, distances: 1, lengths: [],
                symbols: [(18, 127, 7), (18, 107, 7), (1, 0, 0), (18, 0, 7)])
            $0.code((0, 1))
        }
        add("a distance before the start of the output") { fixedBlock(&$0, distanceCode: 1) }
        add("literal/length 286 in a fixed block") {
            $0.put(1, 1); $0.put(1, 2); $0.code((0xC6, 8)); $0.code((0, 7))
        }
        add("distance 30 in a fixed block") { fixedBlock(&$0, distanceCode: 30) }
        add("no final block") {
            $0.put(0, 1); $0.put(1, 2); $0.code((0, 7))
        }
        return cases
    }

    @Test("refuses every stream zlib refuses, for each of zlib's reasons")
    func refusals() {
        for (reason, stream) in Self.refusedStreams() {
            #expect(Self.inflated(stream) == nil, "\(reason)")
            #expect(Self.zlibInflate(stream) == nil, "zlib: \(reason)")
        }
    }

    @Test("stored and fixed blocks written by hand")
    func storedAndFixed() {
        var bits = Bits()
        bits.put(0, 1)
        bits.put(0, 2)
        bits.align()
        bits.put(5, 16)
        bits.put(0xFFFA, 16)
        bits.bytes += Array("hello".utf8)
        bits.count = bits.bytes.count * 8
        // A fixed block: 'a', then length 3 at distance 1 (code 0), then end-of-block.
        Self.fixedBlock(&bits, distanceCode: 0)
        #expect(Self.inflated(bits.bytes) == Array("helloaaaa".utf8))
        #expect(Self.zlibInflate(bits.bytes) == Array("helloaaaa".utf8))
    }

    @Test("accepts and refuses the same mutated streams as zlib, with the same bytes")
    func mutationsAgreeWithZlib() {
        var generator = SeededGenerator(seed: 1951)
        let streams =
            Self.inputs().filter { $0.1.count < 120_000 }.flatMap { _, data in
                [
                    Self.zlibDeflate(Array(data.prefix(3_000)), level: 6, strategy: Z_DEFAULT_STRATEGY),
                    Self.zlibDeflate(Array(data.prefix(3_000)), level: 1, strategy: Z_FIXED),
                ]
            } + Self.refusedStreams().map(\.1)
        var accepted = 0
        for round in 0..<6_000 {
            var stream = streams[round % streams.count]
            guard !stream.isEmpty else { continue }
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let index = Int.random(in: 0..<min(stream.count, 64), using: &generator)
                stream[index] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
            }
            let ours = Self.inflated(stream, limit: 1 << 16)
            let zlib = Self.zlibInflate(stream, limit: 1 << 16)
            #expect(ours == zlib, "round \(round)")
            if zlib != nil { accepted += 1 }
        }
        // Enough of both outcomes for the comparison to mean something.
        #expect(accepted > 300 && accepted < 5_700, "\(accepted) accepted")
    }
}
