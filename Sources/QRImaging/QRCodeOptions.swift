/// What the generator is asked for: error correction, version, and an optional ECI designator.
public struct QRCodeOptions: Sendable, Equatable {
    /// The error-correction level (default M).
    public var errorCorrection: QRErrorCorrection
    /// 0 for the smallest version that fits, or a fixed version 1–40.
    public var version: Int
    /// An ECI assignment number to announce before the bytes (26 = UTF-8), or nil for none.
    public var eci: UInt32?

    /// Makes options; everything defaults to "let the generator choose", with ECC level M and no ECI.
    public init(errorCorrection: QRErrorCorrection = .medium, version: Int = 0, eci: UInt32? = nil) {
        self.errorCorrection = errorCorrection
        self.version = version
        self.eci = eci
    }

    /// Throws `qr.invalid_option` when a field is out of range.
    public func validate() throws(ImagingError) {
        guard (0...40).contains(version) else {
            throw ImagingError(.invalidOption, "the QR version must be 1–40 (or 0 for automatic), not \(version)")
        }
        if let eci, eci > 999_999 {
            throw ImagingError(.invalidOption, "the ECI designator must be 0–999999, not \(eci)")
        }
    }
}
