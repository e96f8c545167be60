public import FoundationEssentials
import QRAuthEncoding

/// The device side of `/pa/v3/token/create` as values: encrypt `{}` (activation scope, `CREATE_TOKEN`), then the
/// caller signs the exact body bytes with uriId `/pa/token/create` and sends them; the answer decrypts to the token.
public enum DeviceTokenFlow {
    /// The uriId the body is signed with.
    public static let uriId = "/pa/token/create"

    /// A prepared request: the exact body to sign and send, and the one-shot context that opens its answer.
    public struct Prepared: Sendable {
        /// The request's ECIES timestamp (3.2+), server-synchronised Unix milliseconds.
        public var timestampMillis: Int64 { exchange.timestampMillis }
        let exchange: DeviceEncryptionFlow.Prepared

        /// The encrypted-request JSON, exactly as signed and sent.
        public var body: Data { exchange.body }

        /// Decrypts the answer (MAC first; a replayed answer of another exchange fails it), checks the payload
        /// and returns the token and the answer's authenticated timestamp (3.2+, for the clock).
        public func finish(responseBody: Data) throws(PowerAuthError) -> (token: TokenCredential, serverMillis: Int64?)
        {
            let (plaintext, serverMillis) = try exchange.open(responseBody: responseBody)
            let payload: TokenCreatePayload
            do {
                payload = try JSONDuplicateKeys.decode(TokenCreatePayload.self, from: plaintext)
            } catch {
                throw PowerAuthError(.eciesMessage, "the token answer is not {tokenId, tokenSecret}")
            }
            guard !payload.tokenId.isEmpty, payload.tokenId.utf8.count <= 128 else {
                throw PowerAuthError(.eciesMessage, "the token answer has an empty or overlong tokenId")
            }
            guard payload.tokenSecret.count == 16 else {
                throw PowerAuthError(.length, "the token secret must be 16 bytes, not \(payload.tokenSecret.count)")
            }
            return (TokenCredential(id: payload.tokenId, secret: payload.tokenSecret), serverMillis)
        }
    }

    /// Encrypts `{}` for the activation: to its server public key (3.0–3.2) or to the activation-scope temporary key
    /// (3.3: `temporaryKeyId` and `temporaryPublicKey`), at `timestampMillis` (server-synchronised).
    public static func prepare(
        device: DeviceActivation, temporaryKeyId: String? = nil, temporaryPublicKey: Data? = nil,
        timestampMillis: Int64, randomness: ECIES.Randomness = .secure
    ) throws(PowerAuthError) -> Prepared {
        try device.checkUsable()
        return Prepared(
            exchange: try DeviceEncryptionFlow.prepare(
                Data("{}".utf8), device: device, encryptorId: .createToken, temporaryKeyId: temporaryKeyId,
                temporaryPublicKey: temporaryPublicKey, timestampMillis: timestampMillis, randomness: randomness))
    }
}

/// The JSON bytes of ECIES bodies, compact.
enum ECIESBody {
    static func encode(_ value: some Encodable) throws(PowerAuthError) -> Data {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes]
            return try encoder.encode(value)
        } catch {
            throw PowerAuthError(.encryption, "cannot encode the encrypted request")
        }
    }

    /// Decodes an encrypted-response body and checks its fields against the version.
    static func decodeResponse(_ data: Data, version: ProtocolVersion) throws(PowerAuthError) -> ECIES.EncryptedResponse
    {
        let response: ECIES.EncryptedResponse
        do {
            response = try JSONDuplicateKeys.decode(ECIES.EncryptedResponse.self, from: data)
        } catch {
            throw PowerAuthError(.eciesMessage, "the answer is not an encrypted response object")
        }
        try response.validateFields(for: version)
        return response
    }
}
