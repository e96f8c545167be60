/// The outcome of one input of a batch scan: the scan report, or why the input could not be loaded.
public struct QRBatchResult<Input: Sendable>: Sendable {
    /// The input's position in the batch.
    public let index: Int
    /// The input itself (a path, a URL, ...).
    public let input: Input
    /// The report, or the error `load` threw (e.g. an `ImagingError` for an undecodable file).
    public let outcome: Result<QRScanReport, any Error>

    /// Makes a result.
    public init(index: Int, input: Input, outcome: Result<QRScanReport, any Error>) {
        self.index = index
        self.input = input
        self.outcome = outcome
    }
}
