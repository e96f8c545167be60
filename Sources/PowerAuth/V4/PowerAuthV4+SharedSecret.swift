package import FoundationEssentials
package import QRAuthCrypto

extension PowerAuthV4 {
    /// Shared-secret derivation of protocol 4.0 (spec §12; DOC-SS): DHKEM(P-384) export, plus ML-KEM-768 in the
    /// hybrid suite, combined by KMAC.
    package enum SharedSecret {
        /// HPKE `info` and exporter context of the EC part.
        package static let dhkemContext = "DHKEM-P384"
        /// Bytes the EC part exports.
        package static let dhkemExportLength = 48
        /// Bytes of the server's salt.
        package static let saltSize = 32

        /// The client's private half of one exchange (the SDK's "client context"); kept until the response.
        package struct ClientContext: Sendable {
            /// The suite.
            package let suite: Suite
            /// The ephemeral P-384 key.
            package let ecKey: NISTP384.PrivateKey
            /// The ML-KEM-768 key of the hybrid suite.
            package let mlkemKey: MLKEM768Key?

            /// A fresh context for `suite`.
            package init(suite: Suite) throws(PowerAuthError) {
                var mlkemKey: MLKEM768Key?
                do {
                    if suite.isHybrid { mlkemKey = try MLKEM768Key() }
                } catch {
                    throw crypto("ML-KEM-768 key generation", error)
                }
                self.init(suite: suite, ecKey: NISTP384.PrivateKey(), mlkemKey: mlkemKey)
            }

            /// A context from given keys (tests, vectors).
            package init(suite: Suite, ecKey: NISTP384.PrivateKey, mlkemKey: MLKEM768Key?) {
                self.suite = suite
                self.ecKey = ecKey
                self.mlkemKey = mlkemKey
            }

            /// `encapsulationKeys` in suite order: the 97-byte P-384 point, then the ML-KEM key as SPKI DER.
            package var encapsulationKeys: [Data] {
                [ecKey.publicKey.x963Representation] + (mlkemKey.map { [$0.publicKeySPKI] } ?? [])
            }

            /// `sharedSecretRequest` as sent: the suite name and the Base64 `encapsulationKeys`.
            package var request: TemporaryKeyJWT.SharedSecretRequest {
                TemporaryKeyJWT.SharedSecretRequest(
                    algorithm: suite.rawValue, encapsulationKeys: encapsulationKeys.map { $0.base64EncodedString() })
            }

            /// `SHARED_SECRET` from the server's salt and encapsulated keys.
            /// `derive(salt:encapsulatedKeys:)` of a `sharedSecretResponse` as received (Base64).
            package func derive(_ response: TemporaryKeyJWT.SharedSecretResponse) throws(PowerAuthError) -> Data {
                guard let salt = Data(base64Encoded: response.salt) else {
                    throw PowerAuthError(.base64, "the shared-secret salt is not Base64")
                }
                return try derive(salt: salt, encapsulatedKeys: decodeAll(response.encapsulatedKeys))
            }

            package func derive(salt: Data, encapsulatedKeys: [Data]) throws(PowerAuthError) -> Data {
                guard encapsulatedKeys.count == (suite.isHybrid ? 2 : 1) else {
                    throw PowerAuthError(
                        .length,
                        "\(suite.rawValue) expects \(suite.isHybrid ? 2 : 1) encapsulated keys, "
                            + "got \(encapsulatedKeys.count)")
                }
                var secrets: [Data] = []
                do {
                    secrets.append(
                        try DHKEMP384.receiverExport(
                            privateKey: ecKey, encapsulatedKey: encapsulatedKeys[0], info: utf8(dhkemContext),
                            exporterContext: utf8(dhkemContext), length: dhkemExportLength))
                    if let mlkemKey { secrets.append(try mlkemKey.decapsulate(encapsulatedKeys[1])) }
                } catch {
                    throw crypto("the shared-secret response", error)
                }
                return try combine(salt: salt, secrets: secrets, suite: suite)
            }
        }

        /// The server's half: encapsulates to the client's keys; returns the salt, the encapsulated keys and the
        /// shared secret. `salt` and `ephemeral` are random unless given (vectors).
        package static func respond(
            suite: Suite, encapsulationKeys: [Data], salt: Data? = nil,
            ephemeral: NISTP384.PrivateKey = NISTP384.PrivateKey()
        ) throws(PowerAuthError) -> (salt: Data, encapsulatedKeys: [Data], sharedSecret: Data) {
            guard encapsulationKeys.count == (suite.isHybrid ? 2 : 1) else {
                throw PowerAuthError(.length, "\(suite.rawValue) expects \(suite.isHybrid ? 2 : 1) encapsulation keys")
            }
            let salt = salt ?? SecureRandom.bytes(count: saltSize)
            var secrets: [Data] = []
            var encapsulated: [Data] = []
            do {
                let ec = try DHKEMP384.senderExport(
                    recipient: NISTP384.PublicKey(x963Representation: encapsulationKeys[0]), info: utf8(dhkemContext),
                    exporterContext: utf8(dhkemContext), length: dhkemExportLength, ephemeral: ephemeral)
                encapsulated.append(ec.encapsulatedKey)
                secrets.append(ec.secret)
                if suite.isHybrid {
                    let ml = try MLKEM768Key.encapsulate(to: encapsulationKeys[1])
                    encapsulated.append(ml.ciphertext)
                    secrets.append(ml.sharedSecret)
                }
            } catch {
                throw crypto("the shared-secret request", error)
            }
            return (salt, encapsulated, try combine(salt: salt, secrets: secrets, suite: suite))
        }

        /// `KMAC(SALT, BE32(1) || SIZES(Z_1, …, Z_n) || SIZES("shared-secret/" || SUITE, "4.0"), 32, "KDF")`.
        package static func combine(salt: Data, secrets: [Data], suite: Suite) throws(PowerAuthError) -> Data {
            guard salt.count == saltSize else {
                throw PowerAuthError(.length, "the shared-secret salt is \(salt.count) bytes, expected 32")
            }
            let message =
                bigEndian32(1) + sizes(secrets) + sizes([utf8("shared-secret/" + suite.rawValue), utf8(version)])
            return try kmac(key: salt, message: message, .combiner)
        }
    }
}
