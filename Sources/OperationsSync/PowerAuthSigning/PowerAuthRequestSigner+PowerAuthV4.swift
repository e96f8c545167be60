import FoundationEssentials
import HTTPTypes
import OfflineOperations
import PowerAuth

/// The protocol 4.0 branch of `PowerAuthRequestSigner` (spec powerauth-v4.md §18): when the device file behind the
/// store is a 4.0 one, headers are 4.0 `X-PowerAuth-Token` (KMAC digest) and `X-PowerAuth-Authorization` (one locked
/// file cycle: the counter is saved before the header is returned). The header version follows the activation's
/// protocol, never the server's.
extension PowerAuthRequestSigner {
    /// The 4.0 header for a request.
    nonisolated static func headerV4(
        for input: RequestSigningInput, file: EnrollmentClient.DeviceFileV4, password: String?,
        tokenMillis: () -> Int64
    ) throws(MobileTokenError) -> HTTPField {
        do {
            switch input.kind {
            case .basic:
                throw MobileTokenError(.signingFailed, "basic endpoints are not signed")
            case .tokenSigned(let name):
                guard name == TokenName.possessionUniversal else {
                    throw MobileTokenError(
                        .missingActivation, "a 4.0 device file keeps only the possession_universal token, not \(name)")
                }
                let device = try file.load().device(password: nil)
                guard device.token != nil else {
                    throw MobileTokenError(.missingActivation, "the activation has no \(name) token")
                }
                return HTTPField(
                    name: .powerAuthToken, value: try device.tokenHeader(nowMillis: tokenMillis()).value)
            case .signed(let uriId, let factor):
                guard let type = PowerAuthV4.AuthenticationCode.CodeType(rawValue: factor.rawValue) else {
                    throw MobileTokenError(.factorNotAllowed, "protocol 4.0 has no \(factor.rawValue) codes")
                }
                let header = try file.update { (stored) throws -> PowerAuthV4.AuthorizationHeader in
                    var device = try stored.device(password: type == .possessionKnowledge ? password : nil)
                    let header = try device.authorize(
                        method: input.method.rawValue, uriId: uriId, body: input.body, type: type)
                    try stored.record(device)
                    return header
                }
                return HTTPField(name: .powerAuthAuthorization, value: header.value)
            }
        } catch let error as MobileTokenError {
            throw error
        } catch let error as PowerAuthError {
            switch error.code {
            case .missingFactorKey, .factorNotAllowed: throw MobileTokenError(.factorNotAllowed, error.reason)
            case .activationRemoved: throw MobileTokenError(.missingActivation, error.reason)
            default: throw MobileTokenError(.signingFailed, "cannot sign with the 4.0 activation: \(error.reason)")
            }
        } catch {
            throw MobileTokenError(.signingFailed, "cannot sign with the 4.0 activation \(file.path): \(error)")
        }
    }
}
