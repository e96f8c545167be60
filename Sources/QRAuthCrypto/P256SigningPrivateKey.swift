internal import COpenSSL

public import FoundationEssentials

extension NISTP256.Signing {
    /// A P-256 private key. Its scalar stays inside OpenSSL except when a representation is asked for;
    /// `description` never shows it.
    public struct PrivateKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
        /// The OpenSSL key pair.
        let key: EVPKey
        /// The matching public key.
        public let publicKey: PublicKey

        /// A fresh random key.
        public init() {
            // A uniformly random 32-byte string is below n except with probability about 2⁻³²; retried then.
            do {
                self = try PrivateKey(validScalar: P256KeyBuilder.builder.randomScalar())
            } catch {
                fatalError("OpenSSL cannot build a P-256 key: \(error.reason)")
            }
        }

        /// Takes the 32-byte big-endian scalar d, which must satisfy 0 < d < n.
        public init(rawRepresentation: some DataProtocol) throws(CryptoError) {
            let bytes = [UInt8](rawRepresentation)
            guard bytes.count == P256KeyBuilder.coordinateSize else {
                throw CryptoError(.invalidLength, "a raw P-256 private key is \(bytes.count) bytes, expected 32")
            }
            try self.init(validScalar: bytes)
        }

        /// Takes Java's `BigInteger.toByteArray()` of d: 1–33 bytes, signed big-endian, positive.
        public init(javaRepresentation: some DataProtocol) throws(CryptoError) {
            let bytes = [UInt8](javaRepresentation)
            guard (1...33).contains(bytes.count) else {
                throw CryptoError(
                    .invalidLength, "a Java-encoded P-256 private key is \(bytes.count) bytes, expected 1 to 33")
            }
            guard bytes[0] & 0x80 == 0 else {
                throw CryptoError(
                    .invalidPrivateKey, "the Java-encoded private key is negative (high bit set, no 0x00)")
            }
            let significant = bytes.drop { $0 == 0 }
            guard significant.count <= P256KeyBuilder.coordinateSize else {
                throw CryptoError(.invalidPrivateKey, "the Java-encoded private key is wider than 256 bits")
            }
            let scalar = [UInt8](repeating: 0, count: P256KeyBuilder.coordinateSize - significant.count) + significant
            try self.init(validScalar: scalar)
        }

        /// Builds the key pair from a 32-byte scalar, checking 0 < d < n.
        init(validScalar scalar: [UInt8]) throws(CryptoError) {
            guard P256KeyBuilder.isValidScalar(scalar) else {
                throw CryptoError(.invalidPrivateKey, "the private scalar is zero or not below the P-256 group order")
            }
            let point = try P256KeyBuilder.publicPoint(forScalar: scalar)
            key = try P256KeyBuilder.makePrivateKey(scalar: scalar, point: point)
            publicKey = try PublicKey(checkedPoint: point)
        }

        /// Rebuilds a key OpenSSL decoded from some container, after checking it is a P-256 key.
        /// A public point stored next to the scalar (PKCS#8, SEC1) must be the scalar's.
        init(decoded: EVPKey) throws(CryptoError) {
            try P256KeyBuilder.checkIsP256(decoded.pointer)
            try self.init(validScalar: P256KeyBuilder.scalar(of: decoded.pointer))
            if let stored = try? P256KeyBuilder.encodedPublicPoint(of: decoded.pointer),
                (try? P256KeyBuilder.uncompressedPoint(stored)).map({ Data($0) }) != publicKey.x963Representation
            {
                throw CryptoError(.invalidPrivateKey, "the public key stored with the private key does not match it")
            }
            OpenSSLErrorQueue.clear()
        }

        /// The 32-byte big-endian scalar d.
        public var rawRepresentation: Data {
            do {
                return try Data(P256KeyBuilder.scalar(of: key.pointer))
            } catch {
                // Every key of this type was built with a scalar; reading it back cannot fail.
                fatalError("OpenSSL lost the private scalar: \(error.reason)")
            }
        }

        /// Java's `BigInteger.toByteArray()` of d: minimal, with a leading 0x00 when the high bit is set.
        public var javaRepresentation: Data {
            let significant = rawRepresentation.drop { $0 == 0 }
            guard let first = significant.first else { return Data([0]) }
            return first & 0x80 != 0 ? Data([0]) + significant : Data(significant)
        }

        /// An ECDSA-SHA256 signature of `data` (DER; random nonce).
        public func signature(for data: some DataProtocol) throws(CryptoError) -> ECDSASignature {
            var output = [UInt8](repeating: 0, count: 80)  // DER of two 33-byte integers is at most 72
            var length = output.count
            let status = MessageDigest.withSHA256(of: data) { digest in
                key.withContext(for: .sign) { context in EVP_PKEY_sign(context, &output, &length, digest, 32) }
            }
            guard status == 1 else { throw CryptoError.openSSL(.openSSLFailure, "ECDSA signing failed") }
            return ECDSASignature(trustedDER: Data(output.prefix(length)))
        }

        /// A redacted description: never the key material.
        public var description: String { "NISTP256.Signing.PrivateKey(<redacted>)" }

        /// A redacted description: never the key material.
        public var debugDescription: String { description }
    }
}
