public import FoundationEssentials
import QRAuthCrypto

extension ECIES {
    /// The 48-byte ECIES envelope key `KEY_ENC || KEY_MAC || KEY_IV` of one exchange.
    public struct EnvelopeKey: Sendable, Equatable {
        /// The envelope key size in bytes.
        public static let byteCount = 48

        /// The 48 bytes.
        public let rawRepresentation: Data

        /// Wraps 48 bytes (as the vectors and the server's `/rest/v3/ecies/decryptor` give them).
        public init(rawRepresentation: some DataProtocol) throws(PowerAuthError) {
            guard rawRepresentation.count == Self.byteCount else {
                throw PowerAuthError(.length, "an ECIES envelope key must be 48 bytes, not \(rawRepresentation.count)")
            }
            self.rawRepresentation = Data(rawRepresentation)
        }

        /// `X963KDF_SHA256(Z, SH1 || EPH, 48)` with the ECDH secret `Z` and the ephemeral key as transmitted.
        public init(
            sharedSecret: some DataProtocol, sharedInfo1: some DataProtocol, ephemeralPublicKey: some DataProtocol
        ) throws(PowerAuthError) {
            let info = Data(sharedInfo1) + Data(ephemeralPublicKey)
            do {
                rawRepresentation = try X963KDF.sha256(
                    sharedSecret: sharedSecret, info: info, outputLength: Self.byteCount)
            } catch {
                throw PowerAuthError(.crypto, "the X9.63 KDF failed: \(error.reason)")
            }
        }

        /// `KEY_ENC`, bytes 0..<16.
        var encryptionKey: Data { rawRepresentation.subdata(in: 0..<16) }
        /// `KEY_MAC`, bytes 16..<32.
        var macKey: Data { rawRepresentation.subdata(in: 16..<32) }
        /// `KEY_IV`, bytes 32..<48.
        var ivKey: Data { rawRepresentation.subdata(in: 32..<48) }

        /// The IV: 16 zero bytes without a nonce (3.0), else `KDF_INTERNAL(KEY_IV, nonce)`; nil for a nonce that is
        /// not 16 bytes.
        package func iv(nonce: Data?) -> Data? {
            guard let nonce else { return Data(count: 16) }
            guard nonce.count == 16 else { return nil }
            return KeyDerivation.deriveInternal(ivKey, index: nonce)
        }

        /// `ENC = AES-128-CBC-PKCS7(KEY_ENC, IV, plaintext)`, `MAC = HMAC(KEY_MAC, ENC || SH2)`.
        package func seal(
            _ plaintext: Data, nonce: Data?, sharedInfo2: Data
        ) throws(PowerAuthError) -> (encryptedData: Data, mac: Data) {
            guard let iv = iv(nonce: nonce) else {
                throw PowerAuthError(.encryption, "an ECIES nonce must be 16 bytes")
            }
            let encrypted: Data
            do {
                encrypted = try AES128.encryptCBC(plaintext, key: encryptionKey, iv: iv, padding: true)
            } catch {
                throw PowerAuthError(.encryption, "AES encryption failed: \(error.reason)")
            }
            let mac = HMACSHA256.authenticationCode(for: encrypted + sharedInfo2, using: macKey)
            return (encrypted, mac)
        }

        /// Lengths first, then the MAC in constant time, then decryption; every failure is the same error.
        package func open(_ encrypted: Data, mac: Data, nonce: Data?, sharedInfo2: Data) throws(PowerAuthError) -> Data
        {
            guard mac.count == 32, !encrypted.isEmpty, encrypted.count % 16 == 0, let iv = iv(nonce: nonce)
            else { throw ECIESExchange.undecryptable }
            let expected = HMACSHA256.authenticationCode(for: encrypted + sharedInfo2, using: macKey)
            guard ConstantTime.equals(expected, mac) else { throw ECIESExchange.undecryptable }
            do {
                return try AES128.decryptCBC(encrypted, key: encryptionKey, iv: iv, padding: true)
            } catch {
                throw ECIESExchange.undecryptable
            }
        }
    }
}
