/// One benchmark: a named loop run for a fixed wall-clock duration.
///
/// To add one: write a type conforming to `Benchmark` in its own file and list it in `BenchmarkRegistry.all`.
protocol Benchmark: Sendable {
    /// The subcommand name, e.g. `ecdsa-verify`.
    var name: String { get }
    /// One line for `qrauth-bench list`.
    var summary: String { get }
    /// Builds the inputs (not timed) and returns the operation to time. The operation returns a value
    /// the loop folds into a checksum so the optimiser cannot drop it.
    func prepare() throws -> () -> Int
    /// Untimed calls before measuring.
    var warmUpIterations: Int { get }
    /// Calls between clock reads.
    var batchSize: Int { get }
}

extension Benchmark {
    /// Untimed calls before measuring (fewer for operations that take long, such as a whole list).
    var warmUpIterations: Int { 100 }
    /// Calls between clock reads.
    var batchSize: Int { 16 }
}
