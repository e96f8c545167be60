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
}
