import Foundation
import QRAuthCrypto
import Testing

/// Random and mutated inputs to every parser: never a crash, only `CryptoError`, and whatever parses
/// must serialise back to itself (the fuzzing oracle, run as an ordinary test).
@Suite("Parser robustness")
struct ParserRobustnessTests {
    /// Flips one random bit, or truncates, or appends a byte.
    static func mutate(_ bytes: [UInt8], using generator: inout some RandomNumberGenerator) -> [UInt8] {
        var copy = bytes
        switch Int.random(in: 0..<4, using: &generator) {
        case 0 where !copy.isEmpty:
            copy.removeLast(Int.random(in: 1...copy.count, using: &generator))
        case 1:
            copy.append(UInt8.random(in: 0...255, using: &generator))
        default:
            guard !copy.isEmpty else { return [0] }
            let index = Int.random(in: 0..<copy.count, using: &generator)
            copy[index] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
        }
        return copy
    }

    @Test("ECDSA signature DER: mutations either fail or round-trip exactly")
    func signatureMutations() throws {
        var generator = SystemRandomNumberGenerator()
        let key = NISTP256.Signing.PrivateKey()
        let valid = [UInt8](try key.signature(for: Data("m".utf8)).derRepresentation)
        var parsed = 0
        for _ in 0..<2000 {
            let input = Self.mutate(valid, using: &generator)
            do {
                let signature = try NISTP256.Signing.ECDSASignature(derRepresentation: input)
                #expect(signature.derRepresentation == Data(input))
                #expect(
                    try NISTP256.Signing.ECDSASignature(rawRepresentation: signature.rawRepresentation) == signature)
                parsed += 1
            } catch {
                #expect([.malformedSignature].contains(error.code))
            }
        }
        #expect(parsed < 2000)
    }

    @Test("Public key DER and points: mutations either fail with a key error or round-trip")
    func publicKeyMutations() {
        var generator = SystemRandomNumberGenerator()
        let key = NISTP256.Signing.PrivateKey().publicKey
        let spki = [UInt8](key.derRepresentation)
        let allowed: Set<CryptoError.Code> = [.malformedDER, .invalidPublicKey, .unsupportedKey, .invalidLength]
        for _ in 0..<500 {
            let input = Self.mutate(spki, using: &generator)
            do {
                let parsed = try NISTP256.Signing.PublicKey(derRepresentation: input)
                #expect(try NISTP256.Signing.PublicKey(derRepresentation: parsed.derRepresentation) == parsed)
            } catch {
                #expect(allowed.contains(error.code), "\(error)")
            }
            let point = Self.mutate([UInt8](key.x963Representation), using: &generator)
            do {
                let parsed = try NISTP256.Signing.PublicKey(x963Representation: point)
                #expect(parsed.x963Representation == Data(point))
            } catch {
                #expect(allowed.contains(error.code), "\(error)")
            }
        }
    }

    @Test("Private key DER: mutations either fail with a key error or keep a consistent key")
    func privateKeyMutations() {
        var generator = SystemRandomNumberGenerator()
        let der = [UInt8](NISTP256.Signing.PrivateKey().derRepresentation)
        let allowed: Set<CryptoError.Code> = [.malformedDER, .invalidPrivateKey, .unsupportedKey, .invalidPublicKey]
        for _ in 0..<500 {
            let input = Self.mutate(der, using: &generator)
            do {
                let parsed = try NISTP256.Signing.PrivateKey(derRepresentation: input)
                let again = try NISTP256.Signing.PrivateKey(derRepresentation: parsed.derRepresentation)
                #expect(again.rawRepresentation == parsed.rawRepresentation)
                #expect(again.publicKey == parsed.publicKey)
            } catch {
                #expect(allowed.contains(error.code), "\(error)")
            }
        }
    }

    @Test("Random bytes and random text never crash any parser")
    func randomInput() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let count = Int.random(in: 0..<120, using: &generator)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = try? NISTP256.Signing.ECDSASignature(derRepresentation: bytes)
            _ = try? NISTP256.Signing.PublicKey(derRepresentation: bytes)
            _ = try? NISTP256.Signing.PrivateKey(derRepresentation: bytes)
            _ = try? NISTP256.Signing.PrivateKey(javaRepresentation: bytes)
            let text =
                "-----BEGIN PRIVATE KEY-----\n" + Data(bytes).base64EncodedString() + "\n-----END PRIVATE KEY-----\n"
            let error = #expect(throws: CryptoError.self) { try NISTP256.Signing.PrivateKey(pemRepresentation: text) }
            #expect(error?.code == .malformedDER || error?.code == .malformedPEM)
        }
    }
}
