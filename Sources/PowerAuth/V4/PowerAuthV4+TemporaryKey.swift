package import FoundationEssentials
package import QRAuthCrypto
import QRAuthEncoding

extension PowerAuthV4 {
    /// The temporary-key JWTs of protocol 4.0 (spec §11; DOC-TEMP): an HS384 request, an ES384 response.
    package enum TemporaryKeyJWT {
        /// `sharedSecretRequest`.
        package struct SharedSecretRequest: Sendable, Equatable, Codable {
            /// The suite name.
            package let algorithm: String
            /// Base64 encapsulation keys in suite order.
            package let encapsulationKeys: [String]

            package init(algorithm: String, encapsulationKeys: [String]) {
                self.algorithm = algorithm
                self.encapsulationKeys = encapsulationKeys
            }
        }

        /// `sharedSecretResponse`.
        package struct SharedSecretResponse: Sendable, Equatable, Codable {
            /// Base64 of the 32-byte salt.
            package let salt: String
            /// Base64 encapsulated keys in suite order.
            package let encapsulatedKeys: [String]

            package init(salt: String, encapsulatedKeys: [String]) {
                self.salt = salt
                self.encapsulatedKeys = encapsulatedKeys
            }

            /// The server's answer of one exchange (`SharedSecret.respond`), Base64 as sent.
            package init(salt: Data, encapsulatedKeys: [Data]) {
                self.init(
                    salt: salt.base64EncodedString(),
                    encapsulatedKeys: encapsulatedKeys.map { $0.base64EncodedString() })
            }
        }

        /// The request claims; `activationId` only in activation scope.
        package struct RequestClaims: Sendable, Equatable, Codable {
            package let applicationKey: String
            package let activationId: String?
            package let challenge: String
            package let sharedSecretRequest: SharedSecretRequest

            package init(
                applicationKey: String, activationId: String?, challenge: String,
                sharedSecretRequest: SharedSecretRequest
            ) {
                self.applicationKey = applicationKey
                self.activationId = activationId
                self.challenge = challenge
                self.sharedSecretRequest = sharedSecretRequest
            }
        }

        /// The response claims (DOC-TEMP names).
        package struct ResponseClaims: Sendable, Equatable, Codable {
            package let sub: String
            package let applicationKey: String
            package let activationId: String?
            package let challenge: String
            package let sharedSecretResponse: SharedSecretResponse
            package let iat: Int64
            package let exp: Int64
            package let iatMs: Int64
            package let expMs: Int64

            enum CodingKeys: String, CodingKey {
                case sub, applicationKey, activationId, challenge, sharedSecretResponse, iat, exp
                case iatMs = "iat_ms"
                case expMs = "exp_ms"
            }

            package init(
                sub: String, applicationKey: String, activationId: String?, challenge: String,
                sharedSecretResponse: SharedSecretResponse, iatMs: Int64, expMs: Int64
            ) {
                self.sub = sub
                self.applicationKey = applicationKey
                self.activationId = activationId
                self.challenge = challenge
                self.sharedSecretResponse = sharedSecretResponse
                self.iat = iatMs / 1000
                self.exp = expMs / 1000
                self.iatMs = iatMs
                self.expMs = expMs
            }
        }

        /// What `verifySignatures` found besides the ES384 signature.
        package enum AdditionalSignatures: Sendable, Equatable {
            /// The compact JWS had exactly three parts.
            case none
            /// Further parts were present (an ML-DSA signature, layout unpublished): not verified.
            case notVerified(count: Int)
        }

        static let requestHeader = #"{"alg":"HS384","typ":"JWT"}"#
        static let responseHeader = #"{"alg":"ES384","typ":"JWT"}"#

        /// The signed request: `HMAC-SHA384(jwtKey, B64URL(header) "." B64URL(payload))`.
        package static func request(_ claims: RequestClaims, jwtKey: Data) throws(PowerAuthError) -> String {
            let input = try signingInput(header: requestHeader, claims: claims)
            return input + "." + StrictBase64.encodeURL(SHA384.authenticationCode(for: Data(input.utf8), using: jwtKey))
        }

        /// Checks a request (server role): three parts, HS384, the MAC under `jwtKey` in constant time.
        package static func verifyRequest(_ jwt: String, jwtKey: Data) throws(PowerAuthError) -> RequestClaims {
            guard let jws = CompactJWS(jwt) else {
                throw PowerAuthError(.temporaryKey, "the request JWT is not three base64url parts")
            }
            try checkHeader(jws.header, algorithm: "HS384")
            guard ConstantTime.equals(SHA384.authenticationCode(for: jws.signingInput, using: jwtKey), jws.signature)
            else { throw PowerAuthError(.temporaryKey, "the request JWT's HS384 MAC does not match") }
            return try decode(RequestClaims.self, jws.payload)
        }

        /// The signed response (server role): ES384 in the JOSE `r || s` form.
        package static func response(
            _ claims: ResponseClaims, signingKey: NISTP384.PrivateKey
        ) throws(PowerAuthError) -> String {
            let input = try signingInput(header: responseHeader, claims: claims)
            do {
                let der = try signingKey.signature(for: Data(input.utf8))
                return input + "." + StrictBase64.encodeURL(try NISTP384.rawSignature(fromDER: der))
            } catch {
                throw crypto("signing the temporary-key response", error)
            }
        }

        /// OPEN POINT 6. Requires and verifies ES384 over the first three parts; does not reject further parts
        /// (an ML-DSA signature has no published layout), reporting them as not verified.
        package static func verifySignatures(
            _ jwt: String, publicKey: NISTP384.PublicKey
        ) throws(PowerAuthError) -> (claims: ResponseClaims, additional: AdditionalSignatures) {
            let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count >= 3, let jws = CompactJWS(parts.prefix(3).joined(separator: ".")) else {
                throw PowerAuthError(.temporaryKey, "the response JWT is not three base64url parts")
            }
            try checkHeader(jws.header, algorithm: "ES384")
            guard jws.signature.count == 2 * NISTP384.coordinateSize,
                publicKey.isValidSignature(rawRepresentation: jws.signature, for: jws.signingInput)
            else { throw PowerAuthError(.temporaryKey, "the response JWT's ES384 signature does not verify") }
            let extra = parts.count - 3
            return (try decode(ResponseClaims.self, jws.payload), extra == 0 ? .none : .notVerified(count: extra))
        }

        private static func signingInput(header: String, claims: some Encodable) throws(PowerAuthError) -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            do {
                return StrictBase64.encodeURL(Data(header.utf8)) + "."
                    + StrictBase64.encodeURL(try encoder.encode(claims))
            } catch {
                throw PowerAuthError(.temporaryKey, "cannot encode the JWT claims")
            }
        }

        private static func checkHeader(_ header: Data, algorithm: String) throws(PowerAuthError) {
            struct Header: Decodable {
                let alg: String
                let typ: String?
            }
            let decoded = try decode(Header.self, header)
            guard decoded.alg == algorithm, decoded.typ == nil || decoded.typ == "JWT" else {
                throw PowerAuthError(.temporaryKey, "the JWT header is not {alg: \(algorithm), typ: JWT}")
            }
        }

        private static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws(PowerAuthError) -> T {
            do {
                return try JSONDecoder().decode(T.self, from: data)
            } catch {
                throw PowerAuthError(.temporaryKey, "the JWT part is not the expected JSON object")
            }
        }
    }
}
