import Foundation
import QRAuthCrypto
import QRAuthTestSupport
import Testing

/// ML-DSA-65 through `MLDSA65Key` (swift-crypto underneath): seed-to-key known answers, the SPKI form read back by
/// `openssl asn1parse`, signatures that verify and ones that do not.
@Suite struct MLDSA65KeyTests {
    struct KeyGenItem: Decodable {
        let seed: String
        let pk: String
    }

    @Test func seedsGiveTheKnownPublicKeys() throws {
        let items = Fixtures.items("v4/mldsa65-keygen-kat-subset.json", as: KeyGenItem.self)
        #expect(items.count == 5)
        for item in items {
            let key = try MLDSA65Key(seed: try #require(Data(hex: item.seed.lowercased())))
            #expect(key.publicKeyRawRepresentation.hex == item.pk.lowercased())
            #expect(key.seed.hex == item.seed.lowercased())
        }
    }

    @Test func signaturesVerifyUnderRawAndSPKIKeysAndNothingElse() throws {
        let key = try MLDSA65Key()
        let message = Data("qrauth ML-DSA-65".utf8)
        let signature = try key.signature(for: message)
        #expect(signature.count == MLDSA65Key.signatureSize)
        #expect(try MLDSA65Key.isValidSignature(signature, for: message, publicKey: key.publicKeySPKI))
        #expect(try MLDSA65Key.isValidSignature(signature, for: message, publicKey: key.publicKeyRawRepresentation))
        #expect(try !MLDSA65Key.isValidSignature(signature, for: message + Data([0]), publicKey: key.publicKeySPKI))
        var flipped = signature
        flipped[100] ^= 1
        #expect(try !MLDSA65Key.isValidSignature(flipped, for: message, publicKey: key.publicKeySPKI))
        let other = try MLDSA65Key()
        #expect(try !MLDSA65Key.isValidSignature(signature, for: message, publicKey: other.publicKeySPKI))
        #expect(throws: CryptoError(.invalidLength, "")) {
            try MLDSA65Key.isValidSignature(signature, for: message, publicKey: key.publicKeySPKI.dropLast())
        }
        #expect(throws: CryptoError(.invalidLength, "")) { try MLDSA65Key(seed: Data(count: 31)) }
        #expect(try MLDSA65Key(seed: key.seed).publicKeySPKI == key.publicKeySPKI)
        #expect(try MLDSA65Key.rawPublicKey(key.publicKeySPKI) == key.publicKeyRawRepresentation)
        #expect(key.description == "MLDSA65Key(<redacted>)")
    }

    @Test func theSPKIFormIsWhatOpenSSLReadsAsMLDSA65() throws {
        try #require(OpenSSLCommandLine.isAvailable)
        let openssl = try OpenSSLCommandLine()
        defer { openssl.remove() }
        let key = try MLDSA65Key()
        #expect(key.publicKeySPKI.count == 1974)
        #expect(key.publicKeySPKI.base64EncodedString().hasPrefix("MIIHsjAL"))
        let path = try openssl.write(key.publicKeySPKI, to: "spki.der")
        let parsed = String(decoding: try openssl.succeed(["asn1parse", "-inform", "DER", "-in", path]), as: UTF8.self)
        // OpenSSL 3.0 has no name for the ML-DSA OIDs: it prints the dotted form.
        #expect(parsed.contains("OBJECT            :2.16.840.1.101.3.4.3.18"))
        #expect(parsed.contains("BIT STRING"))
        let bitString = try #require(parsed.split(separator: "\n").first { $0.contains("BIT STRING") })
        #expect(bitString.contains("l=1953"))
    }
}
