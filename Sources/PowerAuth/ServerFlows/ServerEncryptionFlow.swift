package import FoundationEssentials
package import QRAuthCrypto
import QRAuthEncoding

/// The server side of one ECIES exchange (spec §1.3) as a value: the parameters of the endpoint's purpose, the
/// recipient key chosen by the protocol version (3.3: the temporary key the request names; earlier: the master or
/// the activation's server key), the request opened, the answer sealed. `DeviceEncryptionFlow` is the other half.
///
/// Replay protection (`ECIES.ReplayGuard`) is the caller's: it holds state across requests.
package struct ServerEncryptionFlow: Sendable {
    /// The agreed parameters (version, purpose, application and, in activation scope, activation values).
    package let parameters: ECIES.Parameters

    /// A flow with explicit parameters.
    package init(parameters: ECIES.Parameters) {
        self.parameters = parameters
    }

    /// Application scope (`/pa/generic/application`, `ACTIVATION_LAYER_2`) for an application version's key and
    /// secret.
    package init(
        version: ProtocolVersion, encryptorId: ECIES.EncryptorID, applicationKey: String, applicationSecret: String
    ) {
        self.init(
            parameters: ECIES.Parameters(
                version: version, encryptorId: encryptorId, applicationKey: applicationKey,
                applicationSecret: applicationSecret))
    }

    /// Activation scope (`/pa/generic/activation`, `CREATE_TOKEN`) for `activation`: its application key and
    /// secret, its id and transport key.
    package init(
        version: ProtocolVersion, encryptorId: ECIES.EncryptorID, activation: ServerActivation
    ) throws(PowerAuthError) {
        self.init(
            parameters: ECIES.Parameters(
                version: version, encryptorId: encryptorId, applicationKey: activation.applicationKey,
                applicationSecret: activation.applicationSecret, activationId: activation.activationId,
                transportKey: try activation.derivedKeys().transport))
    }

    /// An opened request: what it said and the one-shot context that seals the answer.
    package struct Opened: Sendable {
        /// The request as received (the replay guard's input).
        package let request: ECIES.EncryptedRequest
        /// The decrypted request object.
        package let plaintext: Data
        /// Seals the answer to this request.
        package let responder: ECIES.ResponseEncryptor

        /// The encrypted-response JSON of `plaintext`, dated `timestampMillis` (3.2+).
        package func seal(_ plaintext: Data, timestampMillis: Int64) throws(PowerAuthError) -> Data {
            try ECIESBody.encode(try responder.encrypt(plaintext, timestamp: timestampMillis))
        }
    }

    /// The private key the request is encrypted to: for 3.3 the temporary key `temporaryKeyId` names, issued for
    /// this application key and (activation scope) activation and not expired; else `fallback()`.
    package func recipientKey(
        temporaryKeyId: String?, temporaryKeys: ServerTemporaryKeys, nowMillis: Int64,
        fallback: () throws(PowerAuthError) -> NISTP256.Signing.PrivateKey
    ) throws(PowerAuthError) -> NISTP256.Signing.PrivateKey {
        guard parameters.version == .v33 else { return try fallback() }
        guard let temporaryKeyId,
            let key = temporaryKeys.privateKey(
                id: temporaryKeyId, applicationKey: parameters.applicationKey,
                activationId: parameters.scope == .activation ? parameters.activationId : nil, nowMillis: nowMillis)
        else {
            throw PowerAuthError(.temporaryKey, "ERR0045: missing temporary key")
        }
        return key
    }

    /// Decodes an encrypted-request body.
    package static func request(_ body: Data) throws(PowerAuthError) -> ECIES.EncryptedRequest {
        do {
            return try JSONDuplicateKeys.decode(ECIES.EncryptedRequest.self, from: body)
        } catch {
            throw PowerAuthError(.eciesMessage, "the body is not a ECIES.EncryptedRequest")
        }
    }

    /// Opens `request` (fields, MAC, padding) with the recipient key chosen as `recipientKey` does.
    package func open(
        _ request: ECIES.EncryptedRequest, temporaryKeys: ServerTemporaryKeys, nowMillis: Int64,
        fallback: () throws(PowerAuthError) -> NISTP256.Signing.PrivateKey
    ) throws(PowerAuthError) -> Opened {
        let key = try recipientKey(
            temporaryKeyId: request.temporaryKeyId, temporaryKeys: temporaryKeys, nowMillis: nowMillis,
            fallback: fallback)
        return try open(request, recipient: key)
    }

    /// Opens `request` with a known recipient private key.
    package func open(
        _ request: ECIES.EncryptedRequest, recipient: NISTP256.Signing.PrivateKey
    ) throws(PowerAuthError) -> Opened {
        let decryptor: ECIES.Decryptor
        do {
            decryptor = try ECIES.Decryptor(parameters: parameters, recipientPrivateKey: recipient)
        } catch {
            throw PowerAuthError(error.code, "ECIES: \(error.reason)")
        }
        do {
            let (plaintext, responder) = try decryptor.decrypt(request)
            return Opened(request: request, plaintext: plaintext, responder: responder)
        } catch {
            throw PowerAuthError(error.code, "ECIES: \(error.reason)")
        }
    }
}
