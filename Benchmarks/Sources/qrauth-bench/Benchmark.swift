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
}
