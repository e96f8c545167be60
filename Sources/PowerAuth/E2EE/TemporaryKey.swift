public import FoundationEssentials
package import QRAuthCrypto
import QRAuthEncoding

/// A 3.3 temporary encryption key as the client keeps it after verifying the keystore response;
/// `Codable` so a client may cache it (the public key is not secret).
public struct TemporaryKey: Sendable, Equatable, Codable {
    /// How long before `exp_ms` the client stops using a key (10 s, as the SDKs).
    public static let expirationThresholdMilliseconds: Int64 = 10_000
    /// The server's default validity (300 000 ms).
    public static let defaultValidityMilliseconds: Int64 = 300_000

    /// `sub`: the key id, sent as `temporaryKeyId`.
    public let id: String
    /// `publicKey`: the uncompressed 65-byte P-256 point ECIES requests are encrypted to.
    public let publicKey: Data
    /// `iat_ms`: the server's time when it issued the key (feeds time sync).
    public let issuedAtMilliseconds: Int64
    /// `exp_ms`: when the server forgets the key.
    public let expiresAtMilliseconds: Int64

    /// Makes a key from its fields.
    public init(id: String, publicKey: Data, issuedAtMilliseconds: Int64, expiresAtMilliseconds: Int64) {
        self.id = id
        self.publicKey = publicKey
        self.issuedAtMilliseconds = issuedAtMilliseconds
        self.expiresAtMilliseconds = expiresAtMilliseconds
    }

    /// Whether the key may still be used at `now` (server-synchronised Unix ms): `now < exp_ms − 10 000`.
    public func isUsable(at now: Int64) -> Bool {
        now < expiresAtMilliseconds.subtractingReportingOverflow(Self.expirationThresholdMilliseconds).partialValue
    }

    private struct Claims: Decodable {
        let sub: String?
        let applicationKey: String?
        let activationId: String?
        let challenge: String?
        let publicKey: String?
        let iatMs: Int64?
        let expMs: Int64?

        enum CodingKeys: String, CodingKey {
            case sub, applicationKey, activationId, challenge, publicKey
            case iatMs = "iat_ms"
            case expMs = "exp_ms"
        }
    }

    /// Client side: verifies the keystore response JWT against the request it answers.
    ///
    /// `signingKey` is the master server public key in application scope, the activation's server public key in
    /// activation scope. Checks: three parts, `alg` ES256 and `typ` JWT, the signature (JOSE `r||s`), the echoed
    /// challenge, application key and activation id, and that `publicKey` is a P-256 point.
    package init(
        verifying jwt: String, request: TemporaryKeyRequest, signingKey: NISTP256.Signing.PublicKey
    ) throws(PowerAuthError) {
        guard let parts = CompactJWS(jwt) else {
            throw PowerAuthError(.temporaryKey, "the temporary-key response is not a compact JWT")
        }
        guard let header = try? JSONDecoder().decode(JSONValue.self, from: parts.header), case .object = header,
            header["alg"]?.stringValue == "ES256", header["typ"]?.stringValue == "JWT"
        else {
            throw PowerAuthError(.temporaryKey, "the temporary-key response is not an ES256 JWT")
        }
        guard let signature = try? NISTP256.Signing.ECDSASignature(rawRepresentation: parts.signature),
            signingKey.isValidSignature(signature, for: parts.signingInput)
        else {
            throw PowerAuthError(.temporaryKey, "the temporary-key response's signature does not verify")
        }
        guard JSONDuplicateKeys.first(in: parts.payload) == nil,
            let claims = try? JSONDecoder().decode(Claims.self, from: parts.payload)
        else {
            throw PowerAuthError(.temporaryKey, "the temporary-key response's claims are not a JSON object")
        }
        guard claims.challenge == request.challenge else {
            throw PowerAuthError(.temporaryKey, "the temporary-key response answers another challenge")
        }
        guard claims.applicationKey == request.applicationKey, claims.activationId == request.activationId else {
            throw PowerAuthError(.temporaryKey, "the temporary-key response is for another application or activation")
        }
        guard let id = claims.sub, !id.isEmpty, let iat = claims.iatMs, let exp = claims.expMs,
            let keyText = claims.publicKey, let key = StrictBase64.decode(keyText),
            (try? PublicKeyDecoding.publicKey(key, field: "publicKey")) != nil
        else {
            throw PowerAuthError(
                .temporaryKey, "the temporary-key response lacks a key id, times or a valid public key")
        }
        self.init(id: id, publicKey: key, issuedAtMilliseconds: iat, expiresAtMilliseconds: exp)
    }

    /// Server side: the ES256 response JWT for verified request claims (the request's claims, signed with the master
    /// private key in application scope or the activation's server private key in activation scope).
    package static func responseJWT(
        for request: TemporaryKeyRequest, keyId: String, publicKey: NISTP256.Signing.PublicKey, issuedAt: Int64,
        validityMilliseconds: Int64 = defaultValidityMilliseconds, signingKey: NISTP256.Signing.PrivateKey
    ) throws(PowerAuthError) -> String {
        let expires = issuedAt.addingReportingOverflow(validityMilliseconds).partialValue
        var members: [(String, String)] = [
            ("sub", JSONText.string(keyId)),
            ("applicationKey", JSONText.string(request.applicationKey)),
        ]
        if let activationId = request.activationId {
            members.append(("activationId", JSONText.string(activationId)))
        }
        members += [
            ("challenge", JSONText.string(request.challenge)),
            ("publicKey", JSONText.string(StrictBase64.encode(publicKey.x963Representation))),
            ("iat", String(issuedAt / 1000)), ("exp", String(expires / 1000)),
            ("iat_ms", String(issuedAt)), ("exp_ms", String(expires)),
        ]
        let header = StrictBase64.encodeURL(Data(#"{"alg":"ES256","typ":"JWT"}"#.utf8))
        let signingInput = header + "." + StrictBase64.encodeURL(Data(CompactJWS.jsonObject(members).utf8))
        do {
            let signature = try signingKey.signature(for: Data(signingInput.utf8))
            return signingInput + "." + StrictBase64.encodeURL(signature.rawRepresentation)
        } catch {
            throw PowerAuthError(.crypto, "ECDSA signing failed: \(error.reason)")
        }
    }
}
