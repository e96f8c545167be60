/// What a scan found and how it got there.
public struct QRScanReport: Sendable, Equatable {
    /// Every symbol the first successful pass found (empty when none did).
    public var symbols: [QRSymbol]
    /// The passes that ran, in order (skipped passes — not applicable to this image — are not listed).
    public var passesRun: [QRScanPass]
    /// True when the time budget ran out before every pass had run; a miss may then be a timeout.
    public var budgetExhausted: Bool

    /// Makes a report.
    public init(symbols: [QRSymbol], passesRun: [QRScanPass], budgetExhausted: Bool) {
        self.symbols = symbols
        self.passesRun = passesRun
        self.budgetExhausted = budgetExhausted
    }
}
