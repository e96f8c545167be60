package import MobileTokenAPI

/// A back-office request that ends in the server's error envelope:
/// `{"status":"ERROR","responseObject":{"code","message","localizedMessage"}}` with the code's HTTP status.
package struct BackOfficeFailure: Error, Sendable, Equatable {
    /// The error code.
    package var code: BackOfficeErrorCode
    /// One human sentence (also sent as `localizedMessage`).
    package var message: String

    /// Makes a failure.
    package init(_ code: BackOfficeErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `ERR0024` for a required field that is absent or empty.
    package static func missing(_ field: String) -> BackOfficeFailure {
        BackOfficeFailure(.invalidRequest, "requestObject.\(field) must not be empty")
    }
}
