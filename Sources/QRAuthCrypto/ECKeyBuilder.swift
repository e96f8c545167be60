internal import COpenSSL

import FoundationEssentials

/// Builds and inspects `EVP_PKEY`s on one NIST curve with OpenSSL 3's parameter API (P-256 for 3.x, P-384 for
/// PowerAuth 4.0).
///
/// Every key is rebuilt from its scalar and/or uncompressed point, whatever format it came from, so each key
/// has the same shape: the named group, an uncompressed public point.
struct ECKeyBuilder: Sendable {
    /// The curve's name in messages, e.g. `P-256`.
    let label: String
    /// The group's name in OpenSSL's parameter API, e.g. `prime256v1`.
    let groupName: String
    /// The same as a static C string (the parameter builder keeps the pointer).
    let groupNameCString: @Sendable () -> UnsafePointer<CChar>
    /// The read-only group for point arithmetic.
    let group: @Sendable () -> OpaquePointer
    /// Bytes in a field element and in a scalar.
    let coordinateSize: Int
    /// The group order n, big-endian.
    let order: [UInt8]

    /// Whether a big-endian scalar of `coordinateSize` bytes is in 1..<n.
    func isValidScalar(_ scalar: [UInt8]) -> Bool {
        scalar.count == coordinateSize && scalar.contains { $0 != 0 } && scalar.lexicographicallyPrecedes(order)
    }

    /// A uniformly random valid scalar (a random string is out of range with negligible probability; retried).
    func randomScalar() -> [UInt8] {
        for _ in 0..<8 {
            let scalar = [UInt8](SecureRandom.bytes(count: coordinateSize))
            if isValidScalar(scalar) { return scalar }
        }
        fatalError("the random generator returned eight scalars out of range in a row")
    }

    /// The uncompressed form of an encoded point (compressed or uncompressed), after checking it is on the curve.
    func uncompressedPoint(_ encoded: [UInt8]) throws(CryptoError) -> [UInt8] {
        let group = group()
        guard let point = EC_POINT_new(group) else {
            throw CryptoError.openSSL(.openSSLFailure, "cannot allocate an EC point")
        }
        defer { EC_POINT_free(point) }
        guard EC_POINT_oct2point(group, point, encoded, encoded.count, nil) == 1,
            EC_POINT_is_on_curve(group, point, nil) == 1, EC_POINT_is_at_infinity(group, point) == 0
        else {
            throw CryptoError.openSSL(.invalidPublicKey, "the public key is not a point on \(label)")
        }
        return try encode(point)
    }

    /// The uncompressed public point d·G for a valid scalar d.
    func publicPoint(forScalar scalar: [UInt8]) throws(CryptoError) -> [UInt8] {
        let group = group()
        guard let point = EC_POINT_new(group), let number = BN_secure_new() else {
            throw CryptoError.openSSL(.openSSLFailure, "cannot allocate an EC point")
        }
        defer {
            EC_POINT_free(point)
            BN_clear_free(number)
        }
        guard BN_bin2bn(scalar, Int32(scalar.count), number) != nil,
            EC_POINT_mul(group, point, number, nil, nil, nil) == 1
        else {
            throw CryptoError.openSSL(.openSSLFailure, "cannot compute the public key")
        }
        return try encode(point)
    }

    private func encode(_ point: OpaquePointer) throws(CryptoError) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: 1 + 2 * coordinateSize)
        let written = EC_POINT_point2oct(group(), point, POINT_CONVERSION_UNCOMPRESSED, &output, output.count, nil)
        guard written == output.count else {
            throw CryptoError.openSSL(.openSSLFailure, "cannot encode the public key")
        }
        return output
    }

    /// A public-only key from a checked uncompressed point.
    func makePublicKey(uncompressedPoint point: [UInt8]) throws(CryptoError) -> EVPKey {
        try makeKey(point: point, scalar: nil)
    }

    /// A key pair from a valid scalar and its uncompressed public point.
    func makePrivateKey(scalar: [UInt8], point: [UInt8]) throws(CryptoError) -> EVPKey {
        try makeKey(point: point, scalar: scalar)
    }

    private func makeKey(point: [UInt8], scalar: [UInt8]?) throws(CryptoError) -> EVPKey {
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
        // The builder keeps the key-name pointers, and the value pointers until `OSSL_PARAM_BLD_to_param`
        // copies the values: the names are static C strings, and `point` and `number` outlive that call.
        // A secure BN is copied into secure memory, which `OSSL_PARAM_free` clears.
        let parameters = point.withUnsafeBytes { pointBytes -> UnsafeMutablePointer<OSSL_PARAM>? in
            guard
                OSSL_PARAM_BLD_push_utf8_string(
                    builder, qrauth_OSSL_PKEY_PARAM_GROUP_NAME(), groupNameCString(), 0) == 1,
                OSSL_PARAM_BLD_push_octet_string(
                    builder, qrauth_OSSL_PKEY_PARAM_PUB_KEY(), pointBytes.baseAddress, pointBytes.count) == 1
            else { return nil }
            if let number, OSSL_PARAM_BLD_push_BN(builder, qrauth_OSSL_PKEY_PARAM_PRIV_KEY(), number) != 1 {
                return nil
            }
            return OSSL_PARAM_BLD_to_param(builder)
        }
        guard let parameters else {
            throw CryptoError.openSSL(.openSSLFailure, "cannot build key parameters")
        }
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
                scalar == nil ? .invalidPublicKey : .invalidPrivateKey, "OpenSSL rejected the \(label) key")
        }
        return EVPKey(taking: key)
    }

    /// Throws unless `key` is an EC key on this named curve.
    func checkCurve(_ key: OpaquePointer) throws(CryptoError) {
        guard EVP_PKEY_is_a(key, "EC") == 1 else {
            OpenSSLErrorQueue.clear()
            throw CryptoError(.unsupportedKey, "the key is not an elliptic-curve key")
        }
        var name = [CChar](repeating: 0, count: 80)
        var length = 0
        guard EVP_PKEY_get_utf8_string_param(key, "group", &name, name.count, &length) == 1 else {
            OpenSSLErrorQueue.clear()
            throw CryptoError(.unsupportedKey, "the EC key is not on a named curve OpenSSL recognises")
        }
        let curve = String(decoding: name.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard curve == groupName else {
            throw CryptoError(.unsupportedKey, "the EC key is on curve \(curve), not \(label) (\(groupName))")
        }
    }

    /// The encoded public point OpenSSL holds for `key` (compressed or uncompressed).
    func encodedPublicPoint(of key: OpaquePointer) throws(CryptoError) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: 1 + 2 * coordinateSize)
        var length = 0
        guard EVP_PKEY_get_octet_string_param(key, "encoded-pub-key", &output, output.count, &length) == 1 else {
            throw CryptoError.openSSL(.invalidPublicKey, "the key has no public point")
        }
        return Array(output.prefix(length))
    }

    /// The private scalar of `key`, `coordinateSize` bytes.
    func scalar(of key: OpaquePointer) throws(CryptoError) -> [UInt8] {
        var number: OpaquePointer?
        guard EVP_PKEY_get_bn_param(key, "priv", &number) == 1, let number else {
            throw CryptoError.openSSL(.invalidPrivateKey, "the key has no private scalar")
        }
        defer { BN_clear_free(number) }
        var output = [UInt8](repeating: 0, count: coordinateSize)
        guard BN_bn2binpad(number, &output, Int32(coordinateSize)) == Int32(coordinateSize) else {
            throw CryptoError(.invalidPrivateKey, "the private scalar is longer than \(coordinateSize) bytes")
        }
        return output
    }

    /// The ECDH shared secret of `key` with `peer`: the big-endian X coordinate of d·Q.
    func sharedSecret(_ key: EVPKey, with peer: EVPKey) throws(CryptoError) -> Data {
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, key.pointer, nil) else {
            throw CryptoError.openSSL(.openSSLFailure, "cannot allocate an ECDH context")
        }
        defer { EVP_PKEY_CTX_free(context) }
        var output = [UInt8](repeating: 0, count: coordinateSize)
        var length = output.count
        guard EVP_PKEY_derive_init(context) == 1, EVP_PKEY_derive_set_peer(context, peer.pointer) == 1,
            EVP_PKEY_derive(context, &output, &length) == 1, length == coordinateSize
        else {
            throw CryptoError.openSSL(.openSSLFailure, "ECDH key agreement failed")
        }
        return Data(output)
    }
}
