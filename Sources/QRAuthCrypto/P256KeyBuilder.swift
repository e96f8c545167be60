internal import COpenSSL
import Foundation

/// Builds and inspects P-256 `EVP_PKEY`s with OpenSSL 3's parameter API.
///
/// Every key is rebuilt from its scalar and/or uncompressed point, whatever format it came from, so
/// each key in this module has the same shape: named group `prime256v1`, uncompressed public point.
enum P256KeyBuilder {
    /// The group's name in OpenSSL's parameter API.
    static let groupName = "prime256v1"
    /// Bytes in a field element and in a scalar.
    static let coordinateSize = 32
    /// The group order n, big-endian.
    static let order: [UInt8] = [
        0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xBC, 0xE6, 0xFA, 0xAD, 0xA7, 0x17, 0x9E, 0x84, 0xF3, 0xB9, 0xCA, 0xC2, 0xFC, 0x63, 0x25, 0x51,
    ]

    /// Whether a 32-byte big-endian scalar is in 1..<n.
    static func isValidScalar(_ scalar: [UInt8]) -> Bool {
        scalar.count == coordinateSize && scalar.contains { $0 != 0 } && scalar.lexicographicallyPrecedes(order)
    }

    /// The 65-byte uncompressed form of an encoded point (33-byte compressed or 65-byte uncompressed),
    /// after checking that the point is on P-256.
    static func uncompressedPoint(_ encoded: [UInt8]) throws(CryptoError) -> [UInt8] {
        let group = OpenSSLAlgorithms.shared.p256Group
        guard let point = EC_POINT_new(group) else {
            throw CryptoError.openSSL(.openSSLFailure, "cannot allocate an EC point")
        }
        defer { EC_POINT_free(point) }
        guard EC_POINT_oct2point(group, point, encoded, encoded.count, nil) == 1,
            EC_POINT_is_on_curve(group, point, nil) == 1, EC_POINT_is_at_infinity(group, point) == 0
        else {
            throw CryptoError.openSSL(.invalidPublicKey, "the public key is not a point on P-256")
        }
        return try encode(point)
    }

    /// The uncompressed public point d·G for a valid scalar d.
    static func publicPoint(forScalar scalar: [UInt8]) throws(CryptoError) -> [UInt8] {
        let group = OpenSSLAlgorithms.shared.p256Group
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

    private static func encode(_ point: OpaquePointer) throws(CryptoError) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: 1 + 2 * coordinateSize)
        let written = EC_POINT_point2oct(
            OpenSSLAlgorithms.shared.p256Group, point, POINT_CONVERSION_UNCOMPRESSED, &output, output.count, nil)
        guard written == output.count else {
            throw CryptoError.openSSL(.openSSLFailure, "cannot encode the public key")
        }
        return output
    }

    /// A public-only key from a checked 65-byte uncompressed point.
    static func makePublicKey(uncompressedPoint point: [UInt8]) throws(CryptoError) -> EVPKey {
        try makeKey(point: point, scalar: nil)
    }

    /// A key pair from a valid scalar and its uncompressed public point.
    static func makePrivateKey(scalar: [UInt8], point: [UInt8]) throws(CryptoError) -> EVPKey {
        try makeKey(point: point, scalar: scalar)
    }

    private static func makeKey(point: [UInt8], scalar: [UInt8]?) throws(CryptoError) -> EVPKey {
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
                    builder, qrauth_OSSL_PKEY_PARAM_GROUP_NAME(), qrauth_SN_X9_62_prime256v1(), 0) == 1,
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
                scalar == nil ? .invalidPublicKey : .invalidPrivateKey, "OpenSSL rejected the P-256 key")
        }
        return EVPKey(taking: key)
    }

    /// Throws unless `key` is an EC key on the named curve P-256.
    static func checkIsP256(_ key: OpaquePointer) throws(CryptoError) {
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
            throw CryptoError(.unsupportedKey, "the EC key is on curve \(curve), not P-256 (prime256v1)")
        }
    }

    /// The encoded public point OpenSSL holds for `key` (compressed or uncompressed).
    static func encodedPublicPoint(of key: OpaquePointer) throws(CryptoError) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: 1 + 2 * coordinateSize)
        var length = 0
        guard EVP_PKEY_get_octet_string_param(key, "encoded-pub-key", &output, output.count, &length) == 1 else {
            throw CryptoError.openSSL(.invalidPublicKey, "the key has no public point")
        }
        return Array(output.prefix(length))
    }

    /// The 32-byte private scalar of `key`.
    static func scalar(of key: OpaquePointer) throws(CryptoError) -> [UInt8] {
        var number: OpaquePointer?
        guard EVP_PKEY_get_bn_param(key, "priv", &number) == 1, let number else {
            throw CryptoError.openSSL(.invalidPrivateKey, "the key has no private scalar")
        }
        defer { BN_clear_free(number) }
        var output = [UInt8](repeating: 0, count: coordinateSize)
        guard BN_bn2binpad(number, &output, Int32(coordinateSize)) == Int32(coordinateSize) else {
            throw CryptoError(.invalidPrivateKey, "the private scalar is longer than 32 bytes")
        }
        return output
    }
}
