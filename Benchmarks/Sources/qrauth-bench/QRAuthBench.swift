import Foundation

/// `qrauth-bench <benchmark> [--seconds N]` or `qrauth-bench list`.
///
/// Prints one line per run, `<name>: <rate> ops/s (…)` with the rate per user-CPU second as
/// `openssl speed` counts it; `scripts/bench-crypto.sh` parses it.
@main
enum QRAuthBench {
    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        guard let command = arguments.first, command != "-h", command != "--help" else {
            usage()
            exit(arguments.isEmpty ? 64 : 0)
        }
        arguments.removeFirst()
        if command == "list" {
            for benchmark in BenchmarkRegistry.all { print("\(benchmark.name)\t\(benchmark.summary)") }
            return
        }
        guard let benchmark = BenchmarkRegistry.named(command) else {
            FileHandle.standardError.write(Data("qrauth-bench: unknown benchmark '\(command)'\n".utf8))
            usage()
            exit(64)
        }
        var seconds = 3.0
        while let option = arguments.first {
            arguments.removeFirst()
            guard option == "--seconds", let value = arguments.first.flatMap(Double.init), value > 0 else {
                FileHandle.standardError.write(Data("qrauth-bench: expected --seconds <positive number>\n".utf8))
                exit(64)
            }
            arguments.removeFirst()
            seconds = value
        }
        do {
            let operation = try benchmark.prepare()
            let result = BenchmarkRunner.run(
                seconds: seconds, warmUp: benchmark.warmUpIterations, batch: benchmark.batchSize, operation)
            let rate = String(format: "%.1f", result.rate)
            let wallRate = String(format: "%.1f", result.wallRate)
            let cpu = String(format: "%.2f", result.userCPUSeconds)
            let wall = String(format: "%.2f", result.wallSeconds)
            print(
                "\(benchmark.name): \(rate) ops/s (\(result.operations) ops in \(cpu) s user CPU, "
                    + "\(wall) s wall = \(wallRate) ops/s wall; checksum \(result.checksum))")
        } catch {
            FileHandle.standardError.write(Data("qrauth-bench: \(benchmark.name) setup failed: \(error)\n".utf8))
            exit(70)
        }
    }

    static func usage() {
        let names = BenchmarkRegistry.all.map(\.name).joined(separator: "|")
        print("usage: qrauth-bench (\(names)) [--seconds N]\n       qrauth-bench list")
    }
}
