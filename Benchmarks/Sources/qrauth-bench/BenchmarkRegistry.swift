/// Every benchmark `qrauth-bench` knows, in `list` order.
enum BenchmarkRegistry {
    static let all: [any Benchmark] = [
        ECDSAVerifyBenchmark(),
        ECDSASignBenchmark(),
        ApprovalCodeBenchmark(),
        ServerCheckWorstCaseBenchmark(),
        V4ApprovalCodeBenchmark(),
        V4ServerCheckWorstCaseBenchmark(),
        PinsVerifyListBenchmark(),
    ]

    static func named(_ name: String) -> (any Benchmark)? {
        all.first { $0.name == name }
    }
}
