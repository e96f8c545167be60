package import FoundationEssentials
package import OfflineOperations

/// The server side of `X-PowerAuth-Authorization` authentication as a value, mirroring
/// `AuthorizationHeader.sign`: the header parsed, its signature type checked against the endpoint's, then the
/// look-ahead check over the method, `uriId` and exact body (`ServerActivation.verifySignature`), recorded on the
/// activation with the registration's bookkeeping (last use, `MAX_FAILED_ATTEMPTS`). A signature that does not
/// verify is a value (`SignatureVerification.isValid`); the caller persists the activation whatever the outcome.
package struct ServerSignatureAuthentication: Sendable {
    /// The endpoint's uriId (`/pa/activation/remove`, `/operation/authorize`, …).
    package let uriId: String
    /// The signature types the endpoint accepts.
    package let allowed: Set<SignatureType>
    /// The HTTP method signed.
    package let method: String

    /// Any factor combination with possession: token create and remove, the echo endpoints.
    package static let anyPossessionFactor: Set<SignatureType> = [
        .possession, .possessionKnowledge, .possessionBiometry, .possessionKnowledgeBiometry,
    ]
    /// Two or three factors: activation remove.
    package static let twoOrMoreFactors: Set<SignatureType> = [
        .possessionKnowledge, .possessionBiometry, .possessionKnowledgeBiometry,
    ]
    /// `POST /pa/v3/token/create` (signed over the encrypted body).
    package static let tokenCreate = ServerSignatureAuthentication(
        uriId: DeviceTokenFlow.uriId, allowed: anyPossessionFactor)

    /// A check for one endpoint.
    package init(uriId: String, allowed: Set<SignatureType>, method: String = "POST") {
        self.uriId = uriId
        self.allowed = allowed
        self.method = method
    }

    /// Parses `X-PowerAuth-Authorization` without checking the signature.
    package static func header(_ value: String?) throws(ServerAuthenticationError) -> AuthorizationHeader {
        guard let value else {
            throw ServerAuthenticationError(.headerMissing, "the request has no \(AuthorizationHeader.name) header")
        }
        do {
            return try AuthorizationHeader(parsing: value)
        } catch {
            throw ServerAuthenticationError(.headerMalformed, "\(AuthorizationHeader.name): \(error.reason)")
        }
    }

    /// Refuses a signature type the endpoint does not accept.
    package func checkAllowed(_ header: AuthorizationHeader) throws(ServerAuthenticationError) {
        guard allowed.contains(header.signatureType) else {
            let names = allowed.map(\.rawValue).sorted().joined(separator: ", ")
            throw ServerAuthenticationError(
                .signatureTypeNotAllowed,
                "signature type \(header.signatureType.rawValue) is not allowed here (\(names))")
        }
    }

    /// Checks `header` over `body` against `activation` (which must hold a device key) with the look-ahead window
    /// and records the outcome on it; `keys` are its factor keys when the caller caches them. A refused type throws;
    /// a signature that does not verify is returned with `isValid == false`.
    package func verify(
        _ header: AuthorizationHeader, body: Data, activation: inout ServerActivation, keys: FactorKeys? = nil,
        nowMillis: Int64
    ) throws(ServerAuthenticationError) -> SignatureVerification {
        try checkAllowed(header)
        guard activation.hasDeviceKey else {
            throw ServerAuthenticationError(
                .unknownCredential, "the activation is \(activation.counters.status.rawValue)")
        }
        let result: SignatureVerification
        do {
            result = try activation.verifySignature(header, method: method, uriId: uriId, body: body, keys: keys)
        } catch {
            throw ServerAuthenticationError(.rejected, error.reason)
        }
        if activation.registration != nil {
            if result.isValid {
                activation.registration?.lastUsedMillis = nowMillis
            } else if result.blockedNow {
                activation.registration?.blockedReason = "MAX_FAILED_ATTEMPTS"
                activation.registration?.lastChangeMillis = nowMillis
            }
        }
        return result
    }
}
