internal import COpenSSL

public import FoundationEssentials

extension NISTP256.Signing {
    /// A P-256 public key. The parsed OpenSSL key is kept, so verifying never re-parses it.
    public struct PublicKey: Sendable, Equatable {
        /// The OpenSSL key.
        let key: EVPKey
        /// The 65-byte uncompressed point `04||X||Y`.
        public let x963Representation: Data

        /// Takes a 65-byte uncompressed point `04||X||Y` on P-256.
        public init(x963Representation: some DataProtocol) throws(CryptoError) {
            let bytes = [UInt8](x963Representation)
            guard bytes.count == 65 else {
                throw CryptoError(
                    .invalidLength, "an uncompressed P-256 public key is \(bytes.count) bytes, expected 65")
            }
            guard bytes[0] == 0x04 else {
                throw CryptoError(.invalidPublicKey, "an uncompressed P-256 public key must start with 0x04")
            }
            try self.init(checkedPoint: P256KeyBuilder.uncompressedPoint(bytes))
        }

        /// Takes a 33-byte compressed point `02||X` or `03||X` on P-256.
        public init(compressedRepresentation: some DataProtocol) throws(CryptoError) {
            let bytes = [UInt8](compressedRepresentation)
            guard bytes.count == 33 else {
                throw CryptoError(.invalidLength, "a compressed P-256 public key is \(bytes.count) bytes, expected 33")
            }
            guard bytes[0] == 0x02 || bytes[0] == 0x03 else {
                throw CryptoError(.invalidPublicKey, "a compressed P-256 public key must start with 0x02 or 0x03")
            }
            try self.init(checkedPoint: P256KeyBuilder.uncompressedPoint(bytes))
        }

        /// Builds the key from an uncompressed point already checked to be on the curve.
        init(checkedPoint point: [UInt8]) throws(CryptoError) {
            key = try P256KeyBuilder.makePublicKey(uncompressedPoint: point)
            x963Representation = Data(point)
        }

        /// The 33-byte compressed point `02/03||X`.
        public var compressedRepresentation: Data {
            var output = Data(capacity: 33)
            output.append(x963Representation[x963Representation.startIndex + 64] & 1 == 0 ? 0x02 : 0x03)
            output.append(x963Representation.dropFirst().prefix(32))
            return output
        }

        /// Whether `signature` is a valid ECDSA-SHA256 signature of `data` under this key.
        ///
        /// "Does not verify" is an answer, not an error: this never throws.
        public func isValidSignature(_ signature: ECDSASignature, for data: some DataProtocol) -> Bool {
            signature.derRepresentation.withUnsafeBytes { der in
                verify(der: der.bindMemory(to: UInt8.self), message: data)
            }
        }

        /// Whether `derRepresentation` is a strict DER ECDSA signature (as `ECDSASignature(derRepresentation:)`
        /// accepts) that verifies over `data`; false for anything else. Checks the DER in place, without copies:
        /// the path for verifying many signatures in a row.
        public func isValidSignature(derRepresentation: some DataProtocol, for data: some DataProtocol) -> Bool {
            derRepresentation.withNonNullBytes { pointer, count in
                let der = UnsafeBufferPointer(start: pointer, count: count)
                guard ECDSASignatureDER.isStrict(der) else { return false }
                return verify(der: der, message: data)
            }
        }

        /// Whether `signature` verifies over a message whose SHA-256 is `digest` (exactly 32 bytes, else false):
        /// for callers that hash the message themselves.
        public func isValidSignature(_ signature: ECDSASignature, digest: some DataProtocol) -> Bool {
            guard digest.count == 32 else { return false }
            return digest.withNonNullBytes { digestPointer, _ in
                signature.derRepresentation.withUnsafeBytes { der in
                    verify(der: der.bindMemory(to: UInt8.self), digest: digestPointer)
                }
            }
        }

        /// Hashes `message` and verifies `der` (already strict) against the digest.
        private func verify(der: UnsafeBufferPointer<UInt8>, message: some DataProtocol) -> Bool {
            MessageDigest.withSHA256(of: message) { digest in verify(der: der, digest: digest) } ?? false
        }

        /// `EVP_PKEY_verify` on a pooled context; clears OpenSSL's error queue when it does not verify.
        private func verify(der: UnsafeBufferPointer<UInt8>, digest: UnsafePointer<UInt8>) -> Bool {
            let status = key.withContext(for: .verify) { context in
                EVP_PKEY_verify(context, der.baseAddress, der.count, digest, 32)
            }
            let verified = status == 1
            if !verified { OpenSSLErrorQueue.clear() }
            return verified
        }

        /// Spare verification contexts pooled for this key (for tests).
        var spareVerifyContextCount: Int { key.spareContextCount(for: .verify) }

        /// Keys are equal when their points are equal.
        public static func == (lhs: PublicKey, rhs: PublicKey) -> Bool {
            lhs.x963Representation == rhs.x963Representation
        }
    }
}
