internal import COpenSSL
package import Foundation

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
            let point = try NISTP384.uncompressedPoint([UInt8](encoded))
            key = try NISTP384.makeKey(point: point, scalar: nil)
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
            for _ in 0..<8 {
                let scalar = [UInt8](SecureRandom.bytes(count: NISTP384.coordinateSize))
                guard NISTP384.isValidScalar(scalar) else { continue }
                do {
                    self = try PrivateKey(rawRepresentation: scalar)
                    return
                } catch {
                    fatalError("OpenSSL cannot build a P-384 key: \(error.reason)")
                }
            }
            fatalError("the random generator returned eight scalars out of range in a row")
        }

        /// Takes the 48-byte big-endian scalar d, 0 < d < n.
        package init(rawRepresentation: some DataProtocol) throws(CryptoError) {
            let scalar = [UInt8](rawRepresentation)
            guard scalar.count == NISTP384.coordinateSize else {
                throw CryptoError(.invalidLength, "a raw P-384 private key is \(scalar.count) bytes, expected 48")
            }
            guard NISTP384.isValidScalar(scalar) else {
                throw CryptoError(.invalidPrivateKey, "the private scalar is zero or not below the P-384 group order")
            }
            let point = try NISTP384.publicPoint(forScalar: scalar)
            key = try NISTP384.makeKey(point: point, scalar: scalar)
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
            try NISTP384.checkIsP384(wrapped.pointer)
            try self.init(rawRepresentation: NISTP384.scalar(of: wrapped.pointer))
            OpenSSLErrorQueue.clear()
        }

        /// The 48-byte big-endian scalar d.
        package var rawRepresentation: Data {
            do {
                return try Data(NISTP384.scalar(of: key.pointer))
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
            guard let context = EVP_PKEY_CTX_new_from_pkey(nil, key.pointer, nil) else {
                throw CryptoError.openSSL(.openSSLFailure, "cannot allocate an ECDH context")
            }
            defer { EVP_PKEY_CTX_free(context) }
            var output = [UInt8](repeating: 0, count: NISTP384.coordinateSize)
            var length = output.count
            guard EVP_PKEY_derive_init(context) == 1, EVP_PKEY_derive_set_peer(context, peer.key.pointer) == 1,
                EVP_PKEY_derive(context, &output, &length) == 1, length == NISTP384.coordinateSize
            else {
                throw CryptoError.openSSL(.openSSLFailure, "ECDH P-384 key agreement failed")
            }
            return Data(output)
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

    static func isValidScalar(_ scalar: [UInt8]) -> Bool {
        scalar.count == coordinateSize && scalar.contains { $0 != 0 } && scalar.lexicographicallyPrecedes(order)
    }

    static func uncompressedPoint(_ encoded: [UInt8]) throws(CryptoError) -> [UInt8] {
        let group = OpenSSLExtendedAlgorithms.shared.p384Group
        guard let point = EC_POINT_new(group) else {
            throw CryptoError.openSSL(.openSSLFailure, "cannot allocate an EC point")
        }
        defer { EC_POINT_free(point) }
        guard encoded.count == uncompressedPointSize || encoded.count == 1 + coordinateSize,
            EC_POINT_oct2point(group, point, encoded, encoded.count, nil) == 1,
            EC_POINT_is_on_curve(group, point, nil) == 1, EC_POINT_is_at_infinity(group, point) == 0
        else {
            OpenSSLErrorQueue.clear()
            throw CryptoError(.invalidPublicKey, "the public key (\(encoded.count) bytes) is not a point on P-384")
        }
        return try encode(point)
    }

    static func publicPoint(forScalar scalar: [UInt8]) throws(CryptoError) -> [UInt8] {
        let group = OpenSSLExtendedAlgorithms.shared.p384Group
        guard let point = EC_POINT_new(group), let number = BN_secure_new() else {
            throw CryptoError.openSSL(.openSSLFailure, "cannot allocate an EC point")
        }
        defer {
            EC_POINT_free(point)
            BN_clear_free(number)
        }
        guard BN_bin2bn(scalar, Int32(scalar.count), number) != nil,
            EC_POINT_mul(group, point, number, nil, nil, nil) == 1
        else { throw CryptoError.openSSL(.openSSLFailure, "cannot compute the public key") }
        return try encode(point)
    }

    private static func encode(_ point: OpaquePointer) throws(CryptoError) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: uncompressedPointSize)
        let written = EC_POINT_point2oct(
            OpenSSLExtendedAlgorithms.shared.p384Group, point, POINT_CONVERSION_UNCOMPRESSED, &output, output.count,
            nil)
        guard written == output.count else { throw CryptoError.openSSL(.openSSLFailure, "cannot encode a point") }
        return output
    }

    static func makeKey(point: [UInt8], scalar: [UInt8]?) throws(CryptoError) -> EVPKey {
        guard let builder = OSSL_PARAM_BLD_new() else {
            throw CryptoError.openSSL(.openSSLFailure, "cannot allocate a parameter builder")
        }
        defer { OSSL_PARAM_BLD_free(builder) }
        var number: OpaquePointer?
        defer { BN_clear_free(number) }
        if let scalar {
            number = BN_secure_new()
            guard let number, BN_bin2bn(scalar, Int32(scalar.count), number) != nil else {
                throw CryptoError.openSSL(.openSSLFailure, "cannot allocate the private scalar")
            }
        }
        // Names are static C strings; `point` and `number` outlive OSSL_PARAM_BLD_to_param, which copies them.
        let parameters = point.withUnsafeBytes { pointBytes -> UnsafeMutablePointer<OSSL_PARAM>? in
            guard
                OSSL_PARAM_BLD_push_utf8_string(
                    builder, qrauth_OSSL_PKEY_PARAM_GROUP_NAME(), qrauth_SN_secp384r1(), 0) == 1,
                OSSL_PARAM_BLD_push_octet_string(
                    builder, qrauth_OSSL_PKEY_PARAM_PUB_KEY(), pointBytes.baseAddress, pointBytes.count) == 1
            else { return nil }
            if let number, OSSL_PARAM_BLD_push_BN(builder, qrauth_OSSL_PKEY_PARAM_PRIV_KEY(), number) != 1 {
                return nil
            }
            return OSSL_PARAM_BLD_to_param(builder)
        }
        guard let parameters else { throw CryptoError.openSSL(.openSSLFailure, "cannot build key parameters") }
        defer { OSSL_PARAM_free(parameters) }
        guard let context = EVP_PKEY_CTX_new_from_name(nil, qrauth_key_type_EC(), nil) else {
            throw CryptoError.openSSL(.openSSLFailure, "cannot allocate an EC key context")
        }
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer?
        let selection = scalar == nil ? qrauth_EVP_PKEY_PUBLIC_KEY() : qrauth_EVP_PKEY_KEYPAIR()
        guard EVP_PKEY_fromdata_init(context) == 1,
            EVP_PKEY_fromdata(context, &key, selection, parameters) == 1, let key
        else {
            throw CryptoError.openSSL(
                scalar == nil ? .invalidPublicKey : .invalidPrivateKey, "OpenSSL rejected the P-384 key")
        }
        return EVPKey(taking: key)
    }

    static func checkIsP384(_ key: OpaquePointer) throws(CryptoError) {
        var name = [CChar](repeating: 0, count: 80)
        var length = 0
        guard EVP_PKEY_is_a(key, "EC") == 1,
            EVP_PKEY_get_utf8_string_param(key, "group", &name, name.count, &length) == 1
        else {
            OpenSSLErrorQueue.clear()
            throw CryptoError(.unsupportedKey, "the key is not an elliptic-curve key on a named curve")
        }
        let curve = String(decoding: name.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard curve == "secp384r1" else {
            throw CryptoError(.unsupportedKey, "the EC key is on curve \(curve), not P-384 (secp384r1)")
        }
    }

    static func scalar(of key: OpaquePointer) throws(CryptoError) -> [UInt8] {
        var number: OpaquePointer?
        guard EVP_PKEY_get_bn_param(key, "priv", &number) == 1, let number else {
            throw CryptoError.openSSL(.invalidPrivateKey, "the key has no private scalar")
        }
        defer { BN_clear_free(number) }
        var output = [UInt8](repeating: 0, count: coordinateSize)
        guard BN_bn2binpad(number, &output, Int32(coordinateSize)) == Int32(coordinateSize) else {
            throw CryptoError(.invalidPrivateKey, "the private scalar is longer than 48 bytes")
        }
        return output
    }
}
