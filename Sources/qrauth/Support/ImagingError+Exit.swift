public import QRAuthEncoding
import QRImaging

// ImagingError's module may not import QRAuthEncoding (design.md), so the one error shape is declared here.
extension ImagingError: QRAuthError {}

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
