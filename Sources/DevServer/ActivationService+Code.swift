import FoundationEssentials
import PowerAuth
import QRAuthCrypto

extension ActivationService {
    /// A fresh activation code of `application` and its master-key signature (Base64 DER), as the back office's
    /// `activation/init` answers them.
    static func issueActivationCode(
        _ application: ServerApplication
    ) throws(ActivationLifecycleError) -> (code: String, signature: String) {
        do {
            let code = try ActivationCode.generate()
            let signed = try SignedActivationCode.sign(code, masterPrivateKey: application.masterSigningKey())
            return (code.value, signed.signature?.base64EncodedString() ?? "")
        } catch {
            throw ActivationLifecycleError(.internalError, "the activation code could not be made: \(error.reason)")
        }
    }
}
