import Foundation
import QRAuthCrypto

/// Feeds the input to every P-256 parser of QRAuthCrypto. The first byte picks the parser, the rest is
/// its input. Oracle: whatever parses must serialise back (signature DER byte-exact; keys to an
/// encoding that parses to the same key), and nothing but `CryptoError` may escape.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzP256Parsers(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let selector = start.pointee
    let body = Data(UnsafeBufferPointer(start: start + 1, count: count - 1))
    switch selector % 6 {
    case 0:
        guard let signature = try? NISTP256.Signing.ECDSASignature(derRepresentation: body) else { return 0 }
        guard signature.derRepresentation == body else { fatalError("signature DER does not round-trip") }
        let raw = signature.rawRepresentation
        guard (try? NISTP256.Signing.ECDSASignature(rawRepresentation: raw)) == signature else {
            fatalError("signature raw form does not round-trip")
        }
    case 1:
        guard let key = try? NISTP256.Signing.PublicKey(derRepresentation: body) else { return 0 }
        check(key)
    case 2:
        guard let key = try? NISTP256.Signing.PublicKey(x963Representation: body) else {
            guard let key = try? NISTP256.Signing.PublicKey(compressedRepresentation: body) else { return 0 }
            check(key)
            return 0
        }
        guard key.x963Representation == body else { fatalError("x963 form does not round-trip") }
        check(key)
    case 3:
        guard let key = try? NISTP256.Signing.PrivateKey(derRepresentation: body) else { return 0 }
        check(key)
    case 4:
        guard let key = try? NISTP256.Signing.PrivateKey(javaRepresentation: body) else { return 0 }
        guard (try? NISTP256.Signing.PrivateKey(rawRepresentation: key.rawRepresentation))?.publicKey == key.publicKey
        else { fatalError("Java form does not round-trip") }
    default:
        let text = String(decoding: body, as: UTF8.self)
        if let key = try? NISTP256.Signing.PrivateKey(pemRepresentation: text, password: "fuzz") { check(key) }
        if let key = try? NISTP256.Signing.PublicKey(pemRepresentation: text) { check(key) }
    }
    return 0
}

private func check(_ key: NISTP256.Signing.PublicKey) {
    guard (try? NISTP256.Signing.PublicKey(derRepresentation: key.derRepresentation)) == key,
        (try? NISTP256.Signing.PublicKey(compressedRepresentation: key.compressedRepresentation)) == key,
        (try? NISTP256.Signing.PublicKey(pemRepresentation: key.pemRepresentation)) == key
    else { fatalError("public key encodings do not round-trip") }
}

private func check(_ key: NISTP256.Signing.PrivateKey) {
    guard let again = try? NISTP256.Signing.PrivateKey(derRepresentation: key.derRepresentation),
        again.rawRepresentation == key.rawRepresentation, again.publicKey == key.publicKey
    else { fatalError("private key DER does not round-trip") }
    check(key.publicKey)
}
