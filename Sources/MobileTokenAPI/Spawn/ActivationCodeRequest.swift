/// `{"applicationId","otp"}` of `/api/activation/code` (activation spawn): the application of the second device
/// and the OTP the second device will present when it activates with the code.
public struct ActivationCodeRequest: Sendable, Hashable, Codable {
    /// The application the second device runs.
    public var applicationId: String
    /// The activation OTP (the spawn tutorial asks for at least 16 characters).
    public var otp: String

    /// Makes a request.
    public init(applicationId: String, otp: String) {
        self.applicationId = applicationId
        self.otp = otp
    }
}
