// Times `QRScanner` per image for scripts/bench-scan-cpu.py: the scanning thread's CPU time of decoding the file and
// scanning it with the default passes and budget, as `qrauth scan --jobs 1` does, start-up excluded. Prints one JSON
// line per image and round: {"path","round","cpuNs","decodeNs" (of that, decoding),"passes":[...],"symbols":[Base64 bytes],"budgetExhausted"}.
//
//     scan-cpu [--rounds N] [--passes LIST] [--no-budget] FILE...
//
// `--no-budget` lifts the 2-second budget per image: under `valgrind --tool=callgrind`, which runs some 50 times
// slower, the budget would cut passes short that a native run completes, and the counts would not be of the same work.
import Foundation
import QRImaging

#if canImport(Glibc)
    import Glibc
#endif

func threadCPUNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var rounds = 1
if arguments.first == "--rounds", arguments.count >= 2, let count = Int(arguments[1]), count > 0 {
    rounds = count
    arguments.removeFirst(2)
}
var options = QRScanOptions()
if arguments.first == "--passes", arguments.count >= 2 {
    options.passes = arguments[1].split(separator: ",").compactMap { QRScanPass(rawValue: String($0)) }
    arguments.removeFirst(2)
}
if arguments.first == "--no-budget" {
    options.defaultBudget = nil
    arguments.removeFirst()
}
let files = arguments.map { path in (path, FileManager.default.contents(atPath: path) ?? Data()) }
let scanner = try QRScanner(options: options)
for round in 0..<rounds {
    for (path, data) in files {
        let start = threadCPUNanoseconds()
        var passes: [String] = []
        var symbols: [String] = []
        var exhausted = false
        var decodeNs: UInt64 = 0
        if let image = try? ImageDecoder.decode(data) {
            decodeNs = threadCPUNanoseconds() - start
            let report = scanner.scanReport(image)
            passes = report.passesRun.map(\.rawValue)
            symbols = report.symbols.map { $0.bytes.base64EncodedString() }
            exhausted = report.budgetExhausted
        }
        let cpu = threadCPUNanoseconds() - start
        let line: [String: Any] = [
            "path": path, "round": round, "cpuNs": cpu, "decodeNs": decodeNs, "passes": passes, "symbols": symbols,
            "budgetExhausted": exhausted,
        ]
        let json = try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
    }
}
