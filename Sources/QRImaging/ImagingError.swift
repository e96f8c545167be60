/// Why an image could not be decoded, scanned, generated or rendered.
///
/// `code` is stable and machine-readable; `reason` is one human sentence. Errors compare by code.
// Same shape as `QRAuthEncoding.QRAuthError`, written out here because design.md keeps this module free of other
// qrauth modules; the CLI declares the conformance (`ImagingError+Exit.swift`).
public struct ImagingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Stable cases. Decoding and generation add theirs here; raw values never change once shipped.
    public enum Code: String, Sendable {
        /// Zero bytes of input.
        case emptyInput = "image.empty"
        /// Not a format we decode (PNG, JPEG, WebP, BMP, GIF, TIFF, PBM/PGM/PPM), or a variant of one we do not.
        case unsupportedFormat = "image.unsupported_format"
        /// The header announces more pixels than the budget allows; nothing was allocated.
        case tooManyPixels = "image.too_many_pixels"
        /// The file is truncated or corrupt; the decoder's own reason is in `reason`.
        case corrupt = "image.corrupt"
        /// The payload does not fit a QR code with the requested version and ECC level.
        case payloadTooLarge = "qr.payload_too_large"
        /// There is nothing to encode.
        case emptyPayload = "qr.empty_payload"
        /// An option is out of range (version, margin, scale, colour, ...).
        case invalidOption = "qr.invalid_option"
        /// The self-check decoded something other than what was encoded, or nothing.
        case selfCheckFailed = "qr.self_check_failed"
        /// A C library failed in a way it does not explain.
        case libraryFailure = "imaging.library_failure"
    }

    /// The stable case.
    public let code: Code
    /// One human sentence.
    public let reason: String

    /// Makes an error with a code and a human reason.
    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    /// The human reason.
    public var description: String { reason }

    /// Errors are equal when their codes are, so tests can match codes.
    public static func == (lhs: ImagingError, rhs: ImagingError) -> Bool { lhs.code == rhs.code }

    /// Hashes the code only, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
