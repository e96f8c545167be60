/// A QR code error-correction level: how much of the symbol may be damaged and still read.
public enum QRErrorCorrection: String, Sendable, CaseIterable, Codable {
    /// About 7 % recoverable.
    case low = "L"
    /// About 15 % recoverable.
    case medium = "M"
    /// About 25 % recoverable.
    case quartile = "Q"
    /// About 30 % recoverable.
    case high = "H"

    /// Index into per-level tables (L, M, Q, H).
    var tableIndex: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .quartile: 2
        case .high: 3
        }
    }
}
