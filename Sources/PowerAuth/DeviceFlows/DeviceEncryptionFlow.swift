public import FoundationEssentials

/// The device side of an ECIES exchange with an application-specific endpoint (spec §1.3: the generic purposes
/// `/pa/generic/application` and `/pa/generic/activation`) as values: encrypt the request object, send the body
/// (signed over those exact bytes, or with `encryptionHeader`), open the answer with `Prepared.open`.
///
/// `DeviceTokenFlow` is this flow with the `CREATE_TOKEN` purpose.
public enum DeviceEncryptionFlow {
    /// A prepared request: the exact body to sign and send, its `X-PowerAuth-Encryption` header (for requests that
    /// are not signed) and the one-shot context that opens the answer.
    public struct Prepared: Sendable {
        /// The encrypted-request JSON, exactly as signed and sent.
        public let body: Data
        /// The request's ECIES timestamp (3.2+; the value passed in), server-synchronised Unix milliseconds.
        public let timestampMillis: Int64
        /// The header an unsigned request carries (a signed one does not: the server reads the signature header).
        public let encryptionHeader: EncryptionHeader
        /// The protocol version of the exchange.
        public let version: ProtocolVersion
        let decryptor: ECIES.ResponseDecryptor

        /// Opens the answer body (an encrypted-response object): fields for the version, MAC first (a replayed
        /// answer of another exchange fails it), then the plaintext and the answer's authenticated timestamp (3.2+).
        /// The context is spent whatever the outcome.
        public func open(responseBody: Data) throws(PowerAuthError) -> (plaintext: Data, serverMillis: Int64?) {
            let response = try ECIESBody.decodeResponse(responseBody, version: version)
            return (try decryptor.decrypt(response), response.timestamp)
        }
    }

    /// Encrypts `plaintext` for an application-specific endpoint of `scope` (`APPLICATION_SCOPE_GENERIC` or
    /// `ACTIVATION_SCOPE_GENERIC`): 3.0–3.2 to the master server public key (application scope, which the device
    /// file must hold) or the activation's server key; 3.3 to the temporary key of the scope (`temporaryKeyId` and
    /// `temporaryPublicKey`). Activation scope refuses a removed activation.
    public static func prepare(
        _ plaintext: Data, device: DeviceActivation, scope: ECIES.Scope, temporaryKeyId: String? = nil,
        temporaryPublicKey: Data? = nil, timestampMillis: Int64, randomness: ECIES.Randomness = .secure
    ) throws(PowerAuthError) -> Prepared {
        let encryptorId: ECIES.EncryptorID =
            switch scope {
            case .application: .applicationScopeGeneric
            case .activation: .activationScopeGeneric
            }
        return try prepare(
            plaintext, device: device, encryptorId: encryptorId, temporaryKeyId: temporaryKeyId,
            temporaryPublicKey: temporaryPublicKey, timestampMillis: timestampMillis, randomness: randomness)
    }

    /// Encrypts `plaintext` with any purpose (the recipient chosen by its scope and the version).
    static func prepare(
        _ plaintext: Data, device: DeviceActivation, encryptorId: ECIES.EncryptorID, temporaryKeyId: String?,
        temporaryPublicKey: Data?, timestampMillis: Int64, randomness: ECIES.Randomness
    ) throws(PowerAuthError) -> Prepared {
        let version = device.protocolVersion
        let recipient: Data
        if version == .v33 {
            guard temporaryKeyId != nil, let temporaryPublicKey else {
                throw PowerAuthError(
                    .encryption, "protocol 3.3 encrypts to a temporary key of the \(encryptorId.scope) scope")
            }
            recipient = temporaryPublicKey
        } else {
            switch encryptorId.scope {
            case .application:
                guard let master = device.masterServerPublicKey else {
                    throw PowerAuthError(
                        .key, "the device file has no masterServerPublicKey, which application-scope encryption needs")
                }
                recipient = master
            case .activation:
                recipient = device.serverPublicKey
            }
        }
        if encryptorId.scope == .activation { try device.checkUsable() }
        let parameters = ECIES.Parameters(
            version: version, encryptorId: encryptorId, applicationKey: device.applicationKey,
            applicationSecret: device.applicationSecret, activationId: device.activationId,
            transportKey: device.transportKey, temporaryKeyId: version == .v33 ? temporaryKeyId : nil)
        let encryptor = try ECIES.Encryptor(parameters: parameters, recipientPublicKey: recipient)
        let (request, decryptor) = try encryptor.encrypt(plaintext, timestamp: timestampMillis, randomness: randomness)
        return Prepared(
            body: try ECIESBody.encode(request), timestampMillis: timestampMillis,
            encryptionHeader: EncryptionHeader(parameters: parameters), version: version, decryptor: decryptor)
    }
}
