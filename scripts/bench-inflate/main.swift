// Times the PNG reader's deflate decoder (`Inflater`, compiled in from Sources/QRImaging) against
// zlib's raw inflate on the IDAT streams of every PNG given: each stream decoded whole, in 64 KiB
// pieces (as the reader takes rows), rounds alternating, best round of each reported. Both must
// give the same bytes. Built and run by scripts/bench-inflate.sh.
import CZlib
import Foundation

/// The deflate stream of a PNG (IDAT payloads joined, the two-byte zlib header dropped), or nil.
func deflateStream(_ file: [UInt8]) -> [UInt8]? {
    guard file.count > 8, file.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
    var offset = 8
    var data: [UInt8] = []
    while offset + 12 <= file.count {
        let length = file[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
        let type = String(decoding: file[(offset + 4)..<(offset + 8)], as: UTF8.self)
        guard offset + 12 + length <= file.count else { return nil }
        if type == "IDAT" { data += file[(offset + 8)..<(offset + 8 + length)] }
        offset += 12 + length
    }
    return data.count > 2 ? Array(data.dropFirst(2)) : nil
}

let piece = 1 << 16
let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: piece)

/// Bytes zlib inflates from `stream` and a checksum of them; nil if zlib refuses it.
func zlibInflate(_ stream: [UInt8]) -> (Int, UInt64)? {
    var z = z_stream()
    guard inflateInit2_(&z, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
    defer { inflateEnd(&z) }
    var input = stream
    return input.withUnsafeMutableBufferPointer { source -> (Int, UInt64)? in
        z.next_in = source.baseAddress
        z.avail_in = uInt(source.count)
        var total = 0
        var sum: UInt64 = 0
        while true {
            z.next_out = scratch
            z.avail_out = uInt(piece)
            let status = inflate(&z, Z_NO_FLUSH)
            let produced = piece - Int(z.avail_out)
            total += produced
            sum = sum &* 31 &+ UInt64(produced > 0 ? scratch[produced - 1] : 0)
            if status == Z_STREAM_END { return (total, sum) }
            guard status == Z_OK else { return nil }
        }
    }
}

/// The same through `Inflater`, reading `size` bytes (what zlib gave) in 64 KiB pieces.
func ourInflate(_ stream: [UInt8], size: Int) -> (Int, UInt64)? {
    let inflater = Inflater(stream)
    var total = 0
    var sum: UInt64 = 0
    while total < size {
        let produced = min(piece, size - total)
        guard inflater.read(into: scratch, count: produced) else { return nil }
        total += produced
        sum = sum &* 31 &+ UInt64(scratch[produced - 1])
    }
    return inflater.finish(trailer: 0) ? (total, sum) : nil
}

func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
        + Double(usage.ru_stime.tv_usec) / 1e6
}

let arguments = CommandLine.arguments.dropFirst()
let rounds = Int(ProcessInfo.processInfo.environment["ROUNDS"] ?? "") ?? 5
var streams: [[UInt8]] = []
var sizes: [Int] = []
for path in arguments {
    guard let file = FileManager.default.contents(atPath: path), let stream = deflateStream([UInt8](file)),
        let (size, _) = zlibInflate(stream)
    else { continue }
    streams.append(stream)
    sizes.append(size)
}
let compressed = streams.reduce(0) { $0 + $1.count }
let inflated = sizes.reduce(0, +)
var best = (zlib: Double.infinity, ours: Double.infinity)
for _ in 0..<rounds {
    var start = cpuSeconds()
    var zlibResults: [(Int, UInt64)?] = []
    for stream in streams { zlibResults.append(zlibInflate(stream)) }
    best.zlib = min(best.zlib, cpuSeconds() - start)
    start = cpuSeconds()
    var ourResults: [(Int, UInt64)?] = []
    for (stream, size) in zip(streams, sizes) { ourResults.append(ourInflate(stream, size: size)) }
    best.ours = min(best.ours, cpuSeconds() - start)
    for (index, (a, b)) in zip(zlibResults, ourResults).enumerated() where a?.0 != b?.0 || a?.1 != b?.1 {
        print("stream \(index): zlib and Inflater differ")
        exit(1)
    }
}
print(
    String(
        format: "%d streams, %.1f MB compressed, %.1f MB inflated; best of %d rounds, CPU seconds",
        streams.count, Double(compressed) / 1e6, Double(inflated) / 1e6, rounds))
print(String(format: "zlib %@  %.3f s", zlibVersion().map { String(cString: $0) } ?? "?", best.zlib))
print(String(format: "Inflater    %.3f s", best.ours))
print(String(format: "Inflater / zlib speed: %.2fx", best.zlib / best.ours))
