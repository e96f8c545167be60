package import FoundationEssentials
package import QRAuthCrypto

extension PowerAuthV4 {
    /// The signing key pairs of one side of an activation for one suite (spec §2, §13.1 step 3): ECDSA P-384
    /// always, ML-DSA-65 for `EC_P384_ML_L3`. The device makes them at activation (and at the 3.3 → 4.0 upgrade),
    /// its `publicKeys` being `devicePublicKeys`; the server makes its own the same way (`serverPublicKeys`).
    package struct SigningKeys: Sendable {
        /// The suite the keys are for.
        package let suite: Suite
        /// The ECDSA P-384 key.
        package let ecdsa: NISTP384.PrivateKey
        /// The ML-DSA-65 key of a PQC suite; nil for `EC_P384`.
        package let mldsa: MLDSA65Key?

        /// Fresh keys for `suite`: the one function that builds a device's key pairs (then `publicKeys`).
        package init(suite: Suite) throws(PowerAuthError) {
            var mldsa: MLDSA65Key?
            if suite.signsWithMLDSA {
                do {
                    mldsa = try MLDSA65Key()
                } catch {
                    throw crypto("ML-DSA-65 key generation", error)
                }
            }
            self.init(suite: suite, ecdsa: NISTP384.PrivateKey(), mldsa: mldsa)
        }

        /// Keys from given material (vectors, tests); `mldsaSeed` is required for a PQC suite and refused otherwise.
        package init(suite: Suite, ecdsaPrivateKey: Data, mldsaSeed: Data?) throws(PowerAuthError) {
            guard (mldsaSeed != nil) == suite.signsWithMLDSA else {
                throw PowerAuthError(
                    .key, "\(suite.rawValue) \(suite.signsWithMLDSA ? "needs" : "has no") device ML-DSA-65 key")
            }
            do {
                self.init(
                    suite: suite, ecdsa: try NISTP384.PrivateKey(rawRepresentation: ecdsaPrivateKey),
                    mldsa: try mldsaSeed.map { (seed) throws(CryptoError) in try MLDSA65Key(seed: seed) })
            } catch {
                throw crypto("the device signing keys", error)
            }
        }

        private init(suite: Suite, ecdsa: NISTP384.PrivateKey, mldsa: MLDSA65Key?) {
            self.suite = suite
            self.ecdsa = ecdsa
            self.mldsa = mldsa
        }

        /// The ECDSA public key as sent (uncompressed P-384 point, spec §13.2 / U2).
        package var ecdsaPublicKey: Data { ecdsa.publicKey.x963Representation }

        /// The ML-DSA public key as sent (`MLDSAPublicKeyEncoding`), nil for `EC_P384`.
        package var mldsaPublicKey: Data? { mldsa.map { MLDSAPublicKeyEncoding.encode($0) } }

        /// What the device keeps of its ML-DSA key pair and the server's ML-DSA key received in `serverPublicKeys`
        /// (activation and upgrade alike); nil for `EC_P384`.
        package func deviceMLDSAKeys(serverPublicKey: Data?) -> MLDSAKeys? {
            mldsa.map { key in
                MLDSAKeys(
                    devicePublicKey: MLDSAPublicKeyEncoding.encode(key), deviceSeed: key.seed,
                    serverPublicKey: serverPublicKey ?? Data())
            }
        }

        /// `devicePublicKeys` of `/pa/v4/activation/create` and `/pa/v4/upgrade/start` (`serverPublicKeys` of the
        /// answers).
        package var publicKeys: Wire.PublicKeys {
            Wire.PublicKeys(
                ecdsa: ecdsaPublicKey.base64EncodedString(), mldsa: mldsaPublicKey?.base64EncodedString())
        }
    }

    /// How an ML-DSA public key travels in `devicePublicKeys.mldsa` / `serverPublicKeys.mldsa`. CHOICE (spec
    /// §13.2 leaves the encoding open, as U2 does for the ECDSA key): `SubjectPublicKeyInfo` DER (1974 bytes for
    /// ML-DSA-65), as the ML-KEM encapsulation key travels (spec §12.2) and as Java's `PublicKey.getEncoded()` gives
    /// it. Readers accept the raw 1952-byte FIPS 204 key too (`MLDSAPublicKeyEncodingTests` shows both).
    package enum MLDSAPublicKeyEncoding {
        /// The encoding of `key`'s public key on the wire.
        package static func encode(_ key: MLDSA65Key) -> Data { key.publicKeySPKI }

        /// Checks a received key (Base64 text of SPKI or raw) and returns its bytes as received (the fingerprint
        /// hashes keys as sent); `field` names it in the error.
        package static func decode(_ text: String, field: String) throws(PowerAuthError) -> Data {
            guard let bytes = Data(base64Encoded: text) else {
                throw PowerAuthError(.base64, "\(field) is not Base64")
            }
            do {
                _ = try MLDSA65Key.rawPublicKey(bytes)
            } catch {
                throw PowerAuthError(.key, "\(field) is not an ML-DSA-65 public key: \(error.reason)")
            }
            return bytes
        }

        /// The `mldsa` member of received `PublicKeys` checked against the suite: present and valid for a PQC
        /// suite, absent otherwise.
        package static func received(
            _ keys: Wire.PublicKeys, suite: Suite, field: String
        ) throws(PowerAuthError) -> Data? {
            switch (suite.signsWithMLDSA, keys.mldsa) {
            case (true, let text?): return try decode(text, field: field)
            case (true, nil): throw PowerAuthError(.key, "\(suite.rawValue) needs \(field)")
            case (false, nil): return nil
            case (false, _?): throw PowerAuthError(.key, "\(suite.rawValue) carries no \(field)")
            }
        }
    }
}

extension PowerAuthV4.Suite {
    /// Whether device and server also sign with ML-DSA-65 (spec §2).
    package var signsWithMLDSA: Bool { self == .ecP384MLL3 }
}
