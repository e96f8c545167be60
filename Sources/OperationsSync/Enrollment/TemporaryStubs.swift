// TEMPORARY: stands in for token creation until the e2ee branch is merged.
import PowerAuth

extension EnrollmentClient {
    @discardableResult
    func createToken(
        _ store: any DeviceActivationStore, authentication: MobileTokenAuthentication = .possession
    ) async throws(EnrollmentError) -> TokenCredential {
        throw EnrollmentError(.invalidRequest, "not yet")
    }
}
