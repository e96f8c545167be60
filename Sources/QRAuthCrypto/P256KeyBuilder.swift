internal import COpenSSL

import FoundationEssentials

/// Builds and inspects P-256 `EVP_PKEY`s: `ECKeyBuilder` on the named group `prime256v1`.
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
    /// The builder for the curve.
    static let builder = ECKeyBuilder(
        label: "P-256", groupName: groupName, groupNameCString: { qrauth_SN_X9_62_prime256v1() },
        group: { OpenSSLAlgorithms.shared.p256Group }, coordinateSize: coordinateSize, order: order)

    /// Whether a 32-byte big-endian scalar is in 1..<n.
    static func isValidScalar(_ scalar: [UInt8]) -> Bool { builder.isValidScalar(scalar) }

    /// The 65-byte uncompressed form of an encoded point (33-byte compressed or 65-byte uncompressed),
    /// after checking that the point is on P-256.
    static func uncompressedPoint(_ encoded: [UInt8]) throws(CryptoError) -> [UInt8] {
        try builder.uncompressedPoint(encoded)
    }

    /// The uncompressed public point d·G for a valid scalar d.
    static func publicPoint(forScalar scalar: [UInt8]) throws(CryptoError) -> [UInt8] {
        try builder.publicPoint(forScalar: scalar)
    }

    /// A public-only key from a checked 65-byte uncompressed point.
    static func makePublicKey(uncompressedPoint point: [UInt8]) throws(CryptoError) -> EVPKey {
        try builder.makePublicKey(uncompressedPoint: point)
    }

    /// A key pair from a valid scalar and its uncompressed public point.
    static func makePrivateKey(scalar: [UInt8], point: [UInt8]) throws(CryptoError) -> EVPKey {
        try builder.makePrivateKey(scalar: scalar, point: point)
    }

    /// Throws unless `key` is an EC key on the named curve P-256.
    static func checkIsP256(_ key: OpaquePointer) throws(CryptoError) {
        try builder.checkCurve(key)
    }

    /// The encoded public point OpenSSL holds for `key` (compressed or uncompressed).
    static func encodedPublicPoint(of key: OpaquePointer) throws(CryptoError) -> [UInt8] {
        try builder.encodedPublicPoint(of: key)
    }

    /// The 32-byte private scalar of `key`.
    static func scalar(of key: OpaquePointer) throws(CryptoError) -> [UInt8] {
        try builder.scalar(of: key)
    }
}
