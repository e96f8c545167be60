package import FoundationEssentials
import QRAuthEncoding

extension PowerAuthV4 {
    /// The JSON bodies of the `/pa/v4` endpoints this library speaks (spec §11, §13, §14). They live here, beside
    /// the flows that build and read them, because `PowerAuth` cannot import `MobileTokenAPI`. A body that only this
    /// module builds uses the compiler's memberwise initializer; one that other modules build writes a `package` one.
    package enum Wire {
        /// `{"requestObject": …}`.
        package struct RequestObject<Payload: Codable & Sendable>: Codable, Sendable {
            package let requestObject: Payload
            package init(_ payload: Payload) { requestObject = payload }
        }

        /// `{"status": "OK", "responseObject": …}`.
        package struct ResponseObject<Payload: Codable & Sendable>: Codable, Sendable {
            package let status: String
            package let responseObject: Payload
            package init(_ payload: Payload) {
                status = "OK"
                responseObject = payload
            }
        }

        /// `/pa/v4/token/remove` payload, both directions.
        package struct TokenReference: Codable, Sendable, Equatable {
            package let tokenId: String
            package init(tokenId: String) { self.tokenId = tokenId }
        }

        /// `/pa/v4/activation/remove` answer payload.
        package struct ActivationReference: Codable, Sendable, Equatable {
            package let activationId: String
        }

        /// `/pa/v4/status` request payload.
        package struct ServerStatusRequest: Codable, Sendable, Equatable {
            package let applicationKey: String
            package init(applicationKey: String) { self.applicationKey = applicationKey }
        }

        /// `/pa/v4/status` response payload.
        package struct ServerStatus: Codable, Sendable, Equatable {
            package let serverTime: Int64
            package let supportedAlgorithms: [String]
            package init(serverTime: Int64, supportedAlgorithms: [String]) {
                self.serverTime = serverTime
                self.supportedAlgorithms = supportedAlgorithms
            }
        }

        /// `/pa/v4/keystore/create` payload, both directions: one compact JWS.
        package struct JWTObject: Codable, Sendable, Equatable {
            package let jwt: String
            package init(jwt: String) { self.jwt = jwt }
        }

        /// `devicePublicKeys` / `serverPublicKeys`.
        package struct PublicKeys: Codable, Sendable, Equatable {
            /// Base64 of the uncompressed P-384 point.
            package let ecdsa: String
            /// Base64 of the ML-DSA-65 key (PQC suites; `MLDSAPublicKeyEncoding`).
            package let mldsa: String?
            package init(ecdsa: String, mldsa: String? = nil) {
                self.ecdsa = ecdsa
                self.mldsa = mldsa
            }
        }

        /// `ActivationLayer2Request` of 4.0.
        package struct ActivationLayer2Request: Codable, Sendable, Equatable {
            package let sharedSecretRequest: TemporaryKeyJWT.SharedSecretRequest
            package let devicePublicKeys: PublicKeys
            package let activationOtp: String?
            package let activationName: String?
            package let platform: String?
            package let deviceInfo: String?
        }

        /// `ActivationLayer1Request` of 4.0 (type `CODE` only).
        package struct ActivationLayer1Request: Codable, Sendable, Equatable {
            package static let codeType = "CODE"
            package let type: String
            package let identityAttributes: [String: String]
            package let activationData: EncryptedRequest

            package init(code: String, activationData: EncryptedRequest) {
                type = Self.codeType
                identityAttributes = ["code": code]
                self.activationData = activationData
            }
        }

        /// `ActivationLayer2Response` of 4.0.
        package struct ActivationLayer2Response: Codable, Sendable, Equatable {
            package let sharedSecretResponse: TemporaryKeyJWT.SharedSecretResponse
            package let serverPublicKeys: PublicKeys
            package let activationId: String
            package let ctrData: String
        }

        /// `ActivationLayer1Response` of 4.0.
        package struct ActivationLayer1Response: Codable, Sendable, Equatable {
            package let activationData: EncryptedResponse
        }

        /// `/pa/v4/activation/confirm` payload.
        package struct ConfirmRequest: Codable, Sendable, Equatable {
            package let enableBiometry: Bool
        }

        /// The decrypted `/pa/v4/activation/status` response.
        package struct StatusPayload: Codable, Sendable, Equatable {
            package let activationStatus: String
            package let timestampBlockExpire: Int64?
        }

        /// `UpgradeRequestPayload` of `/pa/v4/upgrade/start` (spec §15 step 2), encrypted in application scope.
        package struct UpgradeRequest: Codable, Sendable, Equatable {
            package let sharedSecretRequest: TemporaryKeyJWT.SharedSecretRequest
            package let devicePublicKeys: PublicKeys
            package let enableBiometry: Bool?
            package init(
                sharedSecretRequest: TemporaryKeyJWT.SharedSecretRequest, devicePublicKeys: PublicKeys,
                enableBiometry: Bool
            ) {
                self.sharedSecretRequest = sharedSecretRequest
                self.devicePublicKeys = devicePublicKeys
                self.enableBiometry = enableBiometry
            }
        }

        /// `UpgradeResponsePayload` of `/pa/v4/upgrade/start` (spec §15 step 4).
        package struct UpgradeResponse: Codable, Sendable, Equatable {
            package let sharedSecretResponse: TemporaryKeyJWT.SharedSecretResponse
            package let serverPublicKeys: PublicKeys
            package let ctrData: String
        }

        /// The decrypted `/pa/v4/token/create` response.
        package struct TokenPayload: Codable, Sendable, Equatable {
            package let tokenId: String
            package let tokenSecret: String
        }

        /// Compact JSON (sorted keys, slashes unescaped).
        package static func encode(_ value: some Encodable) throws(PowerAuthError) -> Data {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            do {
                return try encoder.encode(value)
            } catch {
                throw PowerAuthError(.eciesMessage, "cannot encode a /pa/v4 body")
            }
        }

        /// Decodes a body; `what` names it in the error.
        package static func decode<T: Decodable>(
            _ type: T.Type, from data: Data, what: String
        ) throws(PowerAuthError) -> T {
            do {
                return try JSONDuplicateKeys.decode(T.self, from: data)
            } catch {
                throw PowerAuthError(.eciesMessage, "\(what) is not the expected JSON object")
            }
        }
    }
}
