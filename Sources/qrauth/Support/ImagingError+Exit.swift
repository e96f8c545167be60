import QRImaging

extension ImagingError: ReportableError {
    var exitStatus: ExitStatus {
        switch code {
        case .emptyInput, .unsupportedFormat, .tooManyPixels, .corrupt, .payloadTooLarge, .emptyPayload: .malformed
        case .invalidOption: .usage
        case .selfCheckFailed: .checkFailed
        case .libraryFailure: .internalError
        }
    }

    var message: String { reason }

    /// The library's stable code (`domain.snake_case`), the `code` of the `--json` error object.
    var errorCode: String { code.rawValue }
}
