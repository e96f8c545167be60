public import FoundationEssentials

/// A generated, rendered and (optionally) self-checked QR code.
public struct QRRenderedCode: Sendable, Equatable {
    /// The symbol.
    public let matrix: QRMatrix
    /// The output format of `data`.
    public let format: QRRenderFormat
    /// The rendered bytes (PNG, SVG, or UTF-8 text).
    public let data: Data
    /// The scan pass that read the output back, or nil when the self-check was skipped.
    public let checkedBy: QRScanPass?
}
