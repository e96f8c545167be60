package import FoundationEssentials
import QRAuthCrypto
import QRAuthEncoding

/// The claims of the 3.3 `/pa/v3/keystore/create` request JWT.
///
/// The client signs them with HS256: in application scope the key is the 16 decoded APP_SECRET bytes, in
/// activation scope `KDF_INTERNAL(KEY_TRANSPORT, decoded APP_SECRET)`. The server reads the claims unverified to
/// find the application (and activation), then checks the MAC with `TemporaryKeyRequest.verify`.
package struct TemporaryKeyRequest: Sendable, Equatable {
    /// The header the mobile SDK sends: `{"alg":"HS256","typ":"JWT"}` as base64url.
    package static let headerText = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"

    /// `applicationKey`: APP_KEY.
    package var applicationKey: String
    /// `activationId`: present in activation scope only.
    package var activationId: String?
    /// `challenge`: Base64 of 18 random bytes in the SDKs.
    package var challenge: String

    /// Makes claims.
    package init(applicationKey: String, activationId: String? = nil, challenge: String) {
        self.applicationKey = applicationKey
        self.activationId = activationId
        self.challenge = challenge
    }

    /// The scope the claims ask for: activation when `activationId` is present.
    package var scope: ECIES.Scope { activationId == nil ? .application : .activation }

    /// A fresh challenge: Base64 of 18 random bytes (24 characters).
    package static func makeChallenge(randomBytes: (Int) -> Data = { SecureRandom.bytes(count: $0) }) -> String {
        StrictBase64.encode(randomBytes(18))
    }

    /// The HS256 key: decoded APP_SECRET, or `KDF_INTERNAL(KEY_TRANSPORT, decoded APP_SECRET)` in activation scope.
    package static func signingKey(
        applicationSecret: String, transportKey: Data?, scope: ECIES.Scope
    ) throws(PowerAuthError) -> Data {
        guard let secret = StrictBase64.decode(applicationSecret), !secret.isEmpty else {
            throw PowerAuthError(.temporaryKey, "the application secret is not Base64")
        }
        switch scope {
        case .application:
            return secret
        case .activation:
            guard let transportKey, transportKey.count == 16 else {
                throw PowerAuthError(.temporaryKey, "an activation-scope temporary key needs a 16-byte transport key")
            }
            return KeyDerivation.deriveInternal(transportKey, index: secret)
        }
    }

    /// The compact JWS the client sends (SDK header, payload keys in the Android order).
    package func jwt(applicationSecret: String, transportKey: Data? = nil) throws(PowerAuthError) -> String {
        let key = try Self.signingKey(applicationSecret: applicationSecret, transportKey: transportKey, scope: scope)
        var members = [("applicationKey", JSONText.string(applicationKey))]
        if let activationId { members.append(("activationId", JSONText.string(activationId))) }
        members.append(("challenge", JSONText.string(challenge)))
        let signingInput = Self.headerText + "." + StrictBase64.encodeURL(Data(CompactJWS.jsonObject(members).utf8))
        let mac = HMACSHA256.authenticationCode(for: Data(signingInput.utf8), using: key)
        return signingInput + "." + StrictBase64.encodeURL(mac)
    }

    private struct Claims: Decodable {
        let applicationKey: String?
        let activationId: String?
        let challenge: String?
    }

    /// Server side, step 1: the claims of a request JWT, **not verified** (to find the application and activation).
    package static func unverifiedClaims(of jwt: String) throws(PowerAuthError) -> TemporaryKeyRequest {
        guard let parts = CompactJWS(jwt) else {
            throw PowerAuthError(.temporaryKey, "the temporary-key request is not a compact JWT")
        }
        guard let claims = try? JSONDecoder().decode(Claims.self, from: parts.payload),
            let applicationKey = claims.applicationKey, let challenge = claims.challenge
        else {
            throw PowerAuthError(.temporaryKey, "the temporary-key request lacks applicationKey or challenge")
        }
        return TemporaryKeyRequest(
            applicationKey: applicationKey, activationId: claims.activationId, challenge: challenge)
    }

    /// Server side, step 2: parses `jwt`, checks `alg` is HS256 and the MAC with the application's secret (and the
    /// activation's transport key in activation scope), and returns the verified claims.
    package static func verify(
        _ jwt: String, applicationSecret: String, transportKey: Data? = nil
    ) throws(PowerAuthError) -> TemporaryKeyRequest {
        let claims = try unverifiedClaims(of: jwt)
        guard let parts = CompactJWS(jwt),
            let header = try? JSONDecoder().decode(JSONValue.self, from: parts.header),
            case .object = header, header["alg"]?.stringValue == "HS256"
        else {
            throw PowerAuthError(.temporaryKey, "the temporary-key request is not an HS256 JWT")
        }
        let key = try signingKey(applicationSecret: applicationSecret, transportKey: transportKey, scope: claims.scope)
        let expected = HMACSHA256.authenticationCode(for: parts.signingInput, using: key)
        guard ConstantTime.equals(expected, parts.signature) else {
            throw PowerAuthError(.temporaryKey, "the temporary-key request's signature does not verify")
        }
        return claims
    }
}
