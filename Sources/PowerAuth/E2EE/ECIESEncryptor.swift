public import FoundationEssentials
import QRAuthCrypto

extension ECIES {
    /// The client side of ECIES: encrypts one request to the recipient's public key per `encrypt` call.
    ///
    /// The recipient is the master or activation server key in 3.0–3.2 and the temporary key in 3.3
    /// (`parameters.temporaryKeyId` then names it). Every `encrypt` draws a fresh ephemeral key and nonce.
    public struct Encryptor: Sendable {
        /// The agreed parameters.
        public let parameters: ECIES.Parameters
        /// How the ephemeral key is written.
        public let ephemeralKeyEncoding: ECIES.PointEncoding
        private let recipientPublicKey: NISTP256.Signing.PublicKey

        /// Prepares an encryptor; `recipientPublicKey` is a 33- or 65-byte P-256 point.
        public init(
            parameters: ECIES.Parameters, recipientPublicKey: Data,
            ephemeralKeyEncoding: ECIES.PointEncoding = .compressed
        ) throws(PowerAuthError) {
            try parameters.validate()
            if parameters.version == .v33, (parameters.temporaryKeyId ?? "").isEmpty {
                throw PowerAuthError(.encryption, "3.3 ECIES needs a temporary key id")
            }
            self.parameters = parameters
            self.ephemeralKeyEncoding = ephemeralKeyEncoding
            self.recipientPublicKey = try PublicKeyDecoding.publicKey(
                recipientPublicKey, field: "the ECIES recipient key")
        }

        /// Encrypts `plaintext` at `timestamp` (Unix ms, used from 3.2 on; pass server-synchronised time) and returns
        /// the request body with the one-shot decryptor for its response.
        public func encrypt(
            _ plaintext: Data, timestamp: Int64, randomness: ECIES.Randomness = .secure
        ) throws(PowerAuthError) -> (request: ECIES.EncryptedRequest, responseDecryptor: ECIES.ResponseDecryptor) {
            let ephemeral = randomness.ephemeralKey()
            let ephemeralBytes =
                switch ephemeralKeyEncoding {
                case .compressed: ephemeral.publicKey.compressedRepresentation
                case .uncompressed: ephemeral.publicKey.x963Representation
                }
            let sharedSecret: Data
            do {
                sharedSecret = try ephemeral.sharedSecretFromKeyAgreement(with: recipientPublicKey)
            } catch {
                throw PowerAuthError(.encryption, "ECDH with the recipient key failed: \(error.reason)")
            }
            let envelopeKey = try ECIES.EnvelopeKey(
                sharedSecret: sharedSecret,
                sharedInfo1: parameters.encryptorId.sharedInfo1(version: parameters.version),
                ephemeralPublicKey: ephemeralBytes)
            let exchange = try ECIESExchange(
                parameters: parameters, envelopeKey: envelopeKey, ephemeralPublicKey: ephemeralBytes,
                temporaryKeyId: parameters.temporaryKeyId)
            let nonce = parameters.version == .v30 ? nil : randomness.nonce()
            let request = try exchange.sealRequest(plaintext, nonce: nonce, timestamp: timestamp)
            return (request, ECIES.ResponseDecryptor(exchange: exchange, requestNonce: nonce))
        }
    }
}
