/// What a `QRScanner` looks for and how hard it tries.
public struct QRScanOptions: Sendable, Equatable {
    /// The symbologies to decode; QR Code only by default (faster, no false positives from 1D codes).
    public var symbologies: Set<Symbology>
    /// The passes to try, in order, until one finds a symbol.
    public var passes: [QRScanPass]
    /// The time budget per image of `QRScanner.scan(_:)` and `scanReport(_:)`, which are given none
    /// (`QRScanner.defaultBudget` unless set); nil means no limit.
    public var defaultBudget: Duration?

    /// Makes options; the defaults are QR only, every pass, a 2-second budget.
    public init(
        symbologies: Set<Symbology> = [.qrCode],
        passes: [QRScanPass] = QRScanPass.defaultOrder,
        defaultBudget: Duration? = .seconds(2)
    ) {
        self.symbologies = symbologies
        self.passes = passes
        self.defaultBudget = defaultBudget
    }
}
