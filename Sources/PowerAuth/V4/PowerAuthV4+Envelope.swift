package import FoundationEssentials
import QRAuthCrypto

extension PowerAuthV4 {
    /// The SHARED_INFO_1 constants of protocol 4.0 (spec §10.2), UTF-8, no version prefix: one table.
    package enum SharedInfo1 {
        /// OPEN POINT 4. Layer 1 of `/pa/v4/activation/create`: the generic application constant, as 3.x used for
        /// layer 1 (DOC-E2EE lists no dedicated constant).
        package static let activationLayer1 = "/pa/generic/application"
        /// Layer 2 of `/pa/v4/activation/create` (DOC-ACT).
        package static let activationLayer2 = "/pa/activation"
        /// OPEN POINT 7. `/pa/v4/activation/status`: the SDK's generic activation-scope encryptor.
        package static let activationStatus = "/pa/generic/activation"
        /// What DOC-STATUS names for status instead (the other choice of open point 7).
        package static let activationStatusDocumented = "/pa/activation/status"
        /// OPEN POINT 7. `/pa/v4/upgrade/start`: the SDK's encryptor table.
        package static let upgradeStart = "/pa/upgrade"
        /// What DOC-E2EE names for upgrade start instead (the other choice of open point 7).
        package static let upgradeStartDocumented = "/pa/upgrade/start"
        /// `/pa/v4/vault/unlock`.
        package static let vaultUnlock = "/pa/vault/unlock"
        /// `/pa/v4/token/create`.
        package static let tokenCreate = "/pa/token/create"
        /// `/pa/v4/password/change`.
        package static let passwordChange = "/pa/password/change"
        /// `/pa/v4/biometry/add`.
        package static let biometryAdd = "/pa/biometry/add"
        /// Application endpoints in application scope.
        package static let genericApplication = "/pa/generic/application"
        /// Application endpoints in activation scope.
        package static let genericActivation = "/pa/generic/activation"
    }

    /// The E2EE envelope of protocol 4.0 (spec §10) for one temporary key, in either scope.
    package struct Envelope: Sendable {
        /// Which temporary key and associated data the envelope uses.
        package enum Scope: Sendable, Equatable {
            /// Application scope: `SHARED_INFO_2 = SHA3-256(APP_SECRET_RAW)`.
            case application
            /// Activation scope: `SHARED_INFO_2 = KMAC(KEY_E2EE_SHARED_INFO2, APP_SECRET_RAW, 32, "PA4SH2")`.
            case activation(activationId: String, sharedInfo2Key: Data)
        }

        /// Bytes of the request nonce plus the response nonce.
        package static let nonceSize = 24

        /// `ASSOCIATED_DATA = SIZES("4.0", APP_KEY, [ACTIVATION_ID,] TEMP_KEY_ID)`.
        package let associatedData: Data
        /// `SHARED_INFO_2`.
        package let sharedInfo2: Data
        /// The temporary key's id (`temporaryKeyId`).
        package let temporaryKeyId: String
        /// `KEY_TEMPORARY_SHARED_SECRET`.
        let key: Data
        /// The AEAD sub-key KDF (the final one unless a test reads the superseded layout vector).
        let subKeys: AEAD.SubKeyDerivation

        /// An envelope for `scope`. `applicationKey` is the Base64 text, `applicationSecret` the 16 decoded bytes.
        package init(
            scope: Scope, applicationKey: String, applicationSecret: Data, temporaryKeyId: String,
            temporaryKey: Data, subKeys: @escaping AEAD.SubKeyDerivation = AEAD.finalSubKeys
        ) throws(PowerAuthError) {
            switch scope {
            case .application:
                associatedData = sizes([utf8(version), utf8(applicationKey), utf8(temporaryKeyId)])
                sharedInfo2 = SHA3.hash256(applicationSecret)
            case .activation(let activationId, let sharedInfo2Key):
                associatedData = sizes([
                    utf8(version), utf8(applicationKey), utf8(activationId), utf8(temporaryKeyId),
                ])
                sharedInfo2 = try kmac(key: sharedInfo2Key, message: applicationSecret, .sharedInfo2)
            }
            self.temporaryKeyId = temporaryKeyId
            key = temporaryKey
            self.subKeys = subKeys
        }

        /// `KC = "4.0" || SHARED_INFO_1 || NONCE`.
        package static func keyContext(sharedInfo1: String, nonce: Data) -> Data {
            utf8(version) + utf8(sharedInfo1) + nonce
        }

        /// `ASSOCIATED_DATA || SIZES(BE64(timestamp), NONCE, SHARED_INFO_2)`.
        package func associatedData(timestamp: Int64, nonce: Data) -> Data {
            associatedData + sizes([bigEndian64(timestamp), nonce, sharedInfo2])
        }

        /// A request (client): `ENC_REQ` under the first 12 bytes of a fresh (or given) 24-byte nonce.
        package func sealRequest(
            _ plaintext: some DataProtocol, sharedInfo1: String, timestamp: Int64, nonce: Data? = nil
        ) throws(PowerAuthError) -> EncryptedRequest {
            let nonce = nonce ?? SecureRandom.bytes(count: Self.nonceSize)
            try Self.checkNonce(nonce)
            let sealed = try AEAD.seal(
                plaintext, key: key, keyContext: Self.keyContext(sharedInfo1: sharedInfo1, nonce: nonce),
                nonce: nonce.prefix(AEAD.nonceSize), associatedData: associatedData(timestamp: timestamp, nonce: nonce),
                subKeys: subKeys)
            return EncryptedRequest(
                temporaryKeyId: temporaryKeyId, encryptedData: sealed, nonce: nonce, timestamp: timestamp)
        }

        /// Opens a request (server); the sealed data must start with the request half of its nonce.
        package func openRequest(_ request: EncryptedRequest, sharedInfo1: String) throws(PowerAuthError) -> Data {
            try Self.checkNonce(request.nonce)
            guard request.temporaryKeyId == temporaryKeyId else {
                throw PowerAuthError(.temporaryKey, "the request names another temporary key")
            }
            return try open(
                request.encryptedData, half: request.nonce.prefix(AEAD.nonceSize), sharedInfo1: sharedInfo1,
                nonce: request.nonce, timestamp: request.timestamp)
        }

        /// A response (server) to the request that carried `nonce`, under its last 12 bytes.
        package func sealResponse(
            _ plaintext: some DataProtocol, sharedInfo1: String, nonce: Data, timestamp: Int64
        ) throws(PowerAuthError) -> EncryptedResponse {
            try Self.checkNonce(nonce)
            let sealed = try AEAD.seal(
                plaintext, key: key, keyContext: Self.keyContext(sharedInfo1: sharedInfo1, nonce: nonce),
                nonce: nonce.suffix(AEAD.nonceSize), associatedData: associatedData(timestamp: timestamp, nonce: nonce),
                subKeys: subKeys)
            return EncryptedResponse(encryptedData: sealed, timestamp: timestamp)
        }

        /// Opens a response (client) to the request that carried `nonce`.
        package func openResponse(
            _ response: EncryptedResponse, sharedInfo1: String, nonce: Data
        ) throws(PowerAuthError) -> Data {
            try Self.checkNonce(nonce)
            return try open(
                response.encryptedData, half: nonce.suffix(AEAD.nonceSize), sharedInfo1: sharedInfo1, nonce: nonce,
                timestamp: response.timestamp)
        }

        private func open(
            _ sealed: Data, half: Data, sharedInfo1: String, nonce: Data, timestamp: Int64
        ) throws(PowerAuthError) -> Data {
            guard sealed.prefix(AEAD.nonceSize) == half else {
                throw PowerAuthError(.decryption, "the encrypted data does not start with the expected nonce half")
            }
            return try AEAD.open(
                sealed, key: key, keyContext: Self.keyContext(sharedInfo1: sharedInfo1, nonce: nonce),
                associatedData: associatedData(timestamp: timestamp, nonce: nonce), subKeys: subKeys)
        }

        private static func checkNonce(_ nonce: Data) throws(PowerAuthError) {
            guard nonce.count == nonceSize else {
                throw PowerAuthError(.length, "an E2EE nonce is \(nonce.count) bytes, expected 24")
            }
        }
    }

    /// `AeadEncryptedRequest` (spec §10.4): a bare JSON object.
    package struct EncryptedRequest: Sendable, Equatable, Codable {
        /// The temporary key's id.
        package let temporaryKeyId: String
        /// `NONCE12 || TAG || CT`.
        package let encryptedData: Data
        /// The 24-byte nonce.
        package let nonce: Data
        /// Milliseconds since the epoch.
        package let timestamp: Int64
    }

    /// `AeadEncryptedResponse` (spec §10.4): no nonce, no key id.
    package struct EncryptedResponse: Sendable, Equatable, Codable {
        /// `NONCE12 || TAG || CT`.
        package let encryptedData: Data
        /// Milliseconds since the epoch.
        package let timestamp: Int64

        package init(encryptedData: Data, timestamp: Int64) {
            self.encryptedData = encryptedData
            self.timestamp = timestamp
        }
    }
}
