import PowerAuth

extension DevServer {
    /// A fresh activation code of `application` and its master-key signature (Base64 DER).
    /// Waits for the e2ee branch's activation-code generator: until it is merged, every init is refused.
    static func issueActivationCode(
        _ application: ServerApplication
    ) throws(ActivationLifecycleError) -> (code: String, signature: String) {
        throw ActivationLifecycleError(.internalError, "activation codes are not available in this build yet")
    }
}
