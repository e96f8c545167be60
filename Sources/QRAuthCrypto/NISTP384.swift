internal import COpenSSL

package import FoundationEssentials

/// NIST P-384 (secp384r1) keys for PowerAuth 4.0: ECDSA with SHA-384 and ECDH, over OpenSSL.
///
/// Every key is rebuilt from its scalar and/or uncompressed point, whatever it came from, so each one has
/// the same shape (named group `secp384r1`, uncompressed point).
package enum NISTP384 {
    /// Bytes in a field element and in a scalar.
    package static let coordinateSize = 48
    /// Bytes in an uncompressed point `04 || X || Y`.
    package static let uncompressedPointSize = 1 + 2 * coordinateSize
    /// The group order n, big-endian.
    static let order: [UInt8] = [
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xC7, 0x63, 0x4D, 0x81, 0xF4, 0x37, 0x2D, 0xDF,
        0x58, 0x1A, 0x0D, 0xB2, 0x48, 0xB0, 0xA7, 0x7A, 0xEC, 0xEC, 0x19, 0x6A, 0xCC, 0xC5, 0x29, 0x73,
    ]

    /// A P-384 public key.
    package struct PublicKey: Sendable {
        let key: EVPKey
        /// The 97-byte uncompressed point `04 || X || Y`.
        package let x963Representation: Data

        /// Takes an uncompressed (97-byte) or compressed (49-byte) point, checked to be on P-384.
        package init(x963Representation encoded: some DataProtocol) throws(CryptoError) {
            let point = try NISTP384.builder.uncompressedPoint([UInt8](encoded))
            key = try NISTP384.builder.makePublicKey(uncompressedPoint: point)
            x963Representation = Data(point)
        }

        /// Whether `derSignature` (strict DER `SEQUENCE { r, s }`) is an ECDSA-SHA384 signature of `data`.
        package func isValidSignature(
            derRepresentation derSignature: some DataProtocol, for data: some DataProtocol
        )
            -> Bool
        {
            let der = [UInt8](derSignature)
            guard NISTP384.isStrictDER(der) else { return false }
            let digest = [UInt8](SHA384.hash(data))
            let status = key.withContext(for: .verify) { context in
                EVP_PKEY_verify(context, der, der.count, digest, digest.count)
            }
            if status != 1 { OpenSSLErrorQueue.clear() }
            return status == 1
        }

        /// Whether the 96-byte JOSE form `r || s` is an ECDSA-SHA384 signature of `data` (false for any other length).
        package func isValidSignature(rawRepresentation raw: some DataProtocol, for data: some DataProtocol) -> Bool {
            guard let der = try? NISTP384.derSignature(fromRaw: raw) else { return false }
            return isValidSignature(derRepresentation: der, for: data)
        }
    }

    /// A P-384 private key; `description` never shows the scalar.
    package struct PrivateKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
        let key: EVPKey
        /// The matching public key.
        package let publicKey: PublicKey

        /// A fresh random key.
        package init() {
            do {
                self = try PrivateKey(rawRepresentation: NISTP384.builder.randomScalar())
            } catch {
                fatalError("OpenSSL cannot build a P-384 key: \(error.reason)")
            }
        }

        /// Takes the 48-byte big-endian scalar d, 0 < d < n.
        package init(rawRepresentation: some DataProtocol) throws(CryptoError) {
            let scalar = [UInt8](rawRepresentation)
            guard scalar.count == NISTP384.coordinateSize else {
                throw CryptoError(.invalidLength, "a raw P-384 private key is \(scalar.count) bytes, expected 48")
            }
            guard NISTP384.builder.isValidScalar(scalar) else {
                throw CryptoError(.invalidPrivateKey, "the private scalar is zero or not below the P-384 group order")
            }
            let point = try NISTP384.builder.publicPoint(forScalar: scalar)
            key = try NISTP384.builder.makePrivateKey(scalar: scalar, point: point)
            publicKey = try PublicKey(x963Representation: point)
        }

        /// Takes a PKCS#8 `PrivateKeyInfo` (DER) holding a P-384 key; a stored public point must match.
        package init(pkcs8DERRepresentation der: some DataProtocol) throws(CryptoError) {
            let bytes = [UInt8](der)
            let decoded: OpaquePointer? = bytes.withUnsafeBufferPointer { buffer in
                var pointer = buffer.baseAddress
                return d2i_AutoPrivateKey(nil, &pointer, buffer.count)
            }
            guard let decoded else { throw CryptoError.openSSL(.malformedDER, "the PKCS#8 private key does not parse") }
            let wrapped = EVPKey(taking: decoded)
            try NISTP384.builder.checkCurve(wrapped.pointer)
            try self.init(rawRepresentation: NISTP384.builder.scalar(of: wrapped.pointer))
            OpenSSLErrorQueue.clear()
        }

        /// The 48-byte big-endian scalar d.
        package var rawRepresentation: Data {
            do {
                return try Data(NISTP384.builder.scalar(of: key.pointer))
            } catch {
                fatalError("OpenSSL lost the private scalar: \(error.reason)")
            }
        }

        /// An ECDSA-SHA384 signature of `data` in strict DER (random nonce).
        package func signature(for data: some DataProtocol) throws(CryptoError) -> Data {
            let digest = [UInt8](SHA384.hash(data))
            var output = [UInt8](repeating: 0, count: 112)  // DER of two 49-byte integers is at most 104
            var length = output.count
            let status = key.withContext(for: .sign) { context in
                EVP_PKEY_sign(context, &output, &length, digest, digest.count)
            }
            guard status == 1 else { throw CryptoError.openSSL(.openSSLFailure, "ECDSA P-384 signing failed") }
            return Data(output.prefix(length))
        }

        /// The ECDH shared secret with `publicKey`: the 48-byte big-endian X coordinate of d·Q.
        package func sharedSecretFromKeyAgreement(with peer: PublicKey) throws(CryptoError) -> Data {
            try NISTP384.builder.sharedSecret(key, with: peer.key)
        }

        /// A redacted description: never the key material.
        package var description: String { "NISTP384.PrivateKey(<redacted>)" }

        /// A redacted description: never the key material.
        package var debugDescription: String { description }
    }

    // MARK: Signature forms

    /// The 96-byte JOSE form `r || s` of a strict DER signature.
    package static func rawSignature(fromDER der: some DataProtocol) throws(CryptoError) -> Data {
        let bytes = [UInt8](der)
        guard isStrictDER(bytes) else {
            throw CryptoError(.malformedSignature, "the ECDSA signature is not strict DER of two P-384 integers")
        }
        let parsed: OpaquePointer? = bytes.withUnsafeBufferPointer { buffer in
            var pointer = buffer.baseAddress
            return d2i_ECDSA_SIG(nil, &pointer, buffer.count)
        }
        guard let parsed else { throw CryptoError.openSSL(.malformedSignature, "the ECDSA signature does not parse") }
        defer { ECDSA_SIG_free(parsed) }
        var output = [UInt8](repeating: 0, count: 2 * coordinateSize)
        guard BN_bn2binpad(ECDSA_SIG_get0_r(parsed), &output, Int32(coordinateSize)) == Int32(coordinateSize),
            output.withUnsafeMutableBufferPointer({ buffer in
                BN_bn2binpad(ECDSA_SIG_get0_s(parsed), buffer.baseAddress! + coordinateSize, Int32(coordinateSize))
            }) == Int32(coordinateSize)
        else { throw CryptoError(.malformedSignature, "an ECDSA P-384 integer is wider than 384 bits") }
        return Data(output)
    }

    /// The strict DER of a 96-byte JOSE signature `r || s`.
    package static func derSignature(fromRaw raw: some DataProtocol) throws(CryptoError) -> Data {
        let bytes = [UInt8](raw)
        guard bytes.count == 2 * coordinateSize else {
            throw CryptoError(.invalidLength, "a raw ECDSA P-384 signature is \(bytes.count) bytes, expected 96")
        }
        guard let signature = ECDSA_SIG_new() else {
            throw CryptoError.openSSL(.openSSLFailure, "cannot allocate a signature")
        }
        defer { ECDSA_SIG_free(signature) }
        let r = BN_bin2bn(bytes, Int32(coordinateSize), nil)
        let s = bytes.withUnsafeBufferPointer {
            BN_bin2bn($0.baseAddress! + coordinateSize, Int32(coordinateSize), nil)
        }
        guard let r, let s, ECDSA_SIG_set0(signature, r, s) == 1 else {
            BN_free(r)
            BN_free(s)
            throw CryptoError.openSSL(.openSSLFailure, "cannot build a signature")
        }
        var output: UnsafeMutablePointer<UInt8>?
        let length = i2d_ECDSA_SIG(signature, &output)
        guard length > 0, let output else { throw CryptoError.openSSL(.openSSLFailure, "cannot encode a signature") }
        defer { qrauth_OPENSSL_free(output) }
        return Data(bytes: output, count: Int(length))
    }

    /// Whether `der` parses as `ECDSA-Sig-Value` and re-encodes to the same bytes (minimal, no trailing data).
    static func isStrictDER(_ der: [UInt8]) -> Bool {
        guard der.count >= 8, der.count <= 2 + 2 * (2 + coordinateSize + 1) else { return false }
        let parsed: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var pointer = buffer.baseAddress
            return d2i_ECDSA_SIG(nil, &pointer, buffer.count)
        }
        guard let parsed else {
            OpenSSLErrorQueue.clear()
            return false
        }
        defer { ECDSA_SIG_free(parsed) }
        var output: UnsafeMutablePointer<UInt8>?
        let length = i2d_ECDSA_SIG(parsed, &output)
        guard length > 0, let output else { return false }
        defer { qrauth_OPENSSL_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(length))) == der
    }

    // MARK: Key building

    /// The builder for the curve.
    static let builder = ECKeyBuilder(
        label: "P-384", groupName: "secp384r1", groupNameCString: { qrauth_SN_secp384r1() },
        group: { OpenSSLExtendedAlgorithms.shared.p384Group }, coordinateSize: coordinateSize, order: order)
}
