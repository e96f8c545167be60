public import FoundationEssentials
public import QRAuthCrypto

extension ECIES {
    /// The server side of ECIES: decrypts requests encrypted to its private key (or with a known envelope key).
    public struct Decryptor: Sendable {
        /// The agreed parameters (on the server, `temporaryKeyId` may be nil: the request's is used).
        public let parameters: ECIES.Parameters
        private let key: Key

        private enum Key: Sendable {
            case privateKey(NISTP256.Signing.PrivateKey)
            case envelope(ECIES.EnvelopeKey)
        }

        /// Decrypts with the recipient's private key (master, activation server or temporary key).
        public init(
            parameters: ECIES.Parameters, recipientPrivateKey: NISTP256.Signing.PrivateKey
        ) throws(PowerAuthError) {
            try parameters.validate()
            self.parameters = parameters
            key = .privateKey(recipientPrivateKey)
        }

        /// Decrypts with a known 48-byte envelope key (vectors; the server's `/rest/v3/ecies/decryptor`).
        public init(parameters: ECIES.Parameters, envelopeKey: ECIES.EnvelopeKey) throws(PowerAuthError) {
            try parameters.validate()
            self.parameters = parameters
            key = .envelope(envelopeKey)
        }

        /// Checks the request's fields, MAC and padding, decrypts it, and returns the one-shot response encryptor.
        ///
        /// A `temporaryKeyId` in `parameters` must equal the request's. Replay checks are `ECIES.ReplayGuard`'s job.
        public func decrypt(
            _ request: ECIES.EncryptedRequest
        ) throws(PowerAuthError) -> (plaintext: Data, responseEncryptor: ECIES.ResponseEncryptor) {
            try request.validateFields(for: parameters.version)
            if let expected = parameters.temporaryKeyId, parameters.version == .v33, request.temporaryKeyId != expected
            {
                throw ECIESExchange.undecryptable
            }
            let envelopeKey: ECIES.EnvelopeKey
            switch key {
            case .envelope(let given):
                envelopeKey = given
            case .privateKey(let privateKey):
                let ephemeral: NISTP256.Signing.PublicKey
                do {
                    ephemeral = try PublicKeyDecoding.publicKey(request.ephemeralPublicKey, field: "ephemeralPublicKey")
                } catch {
                    throw ECIESExchange.undecryptable
                }
                let sharedSecret: Data
                do {
                    sharedSecret = try privateKey.sharedSecretFromKeyAgreement(with: ephemeral)
                } catch {
                    throw ECIESExchange.undecryptable
                }
                envelopeKey = try ECIES.EnvelopeKey(
                    sharedSecret: sharedSecret,
                    sharedInfo1: parameters.encryptorId.sharedInfo1(version: parameters.version),
                    ephemeralPublicKey: request.ephemeralPublicKey)
            }
            let exchange = try ECIESExchange(
                parameters: parameters, envelopeKey: envelopeKey, ephemeralPublicKey: request.ephemeralPublicKey,
                temporaryKeyId: request.temporaryKeyId)
            let plaintext = try exchange.openRequest(request)
            return (plaintext, ECIES.ResponseEncryptor(exchange: exchange, requestNonce: request.nonce))
        }
    }
}
