import Foundation
import QRAuthCrypto
import Testing

@Suite("P-256 edge cases")
struct P256EdgeCaseTests {
    @Test("An off-curve point inside an SPKI is an invalid public key")
    func offCurveSPKI() throws {
        var der = [UInt8](NISTP256.Signing.PrivateKey().publicKey.derRepresentation)
        der[der.count - 1] ^= 0x01
        #expect(throws: CryptoError(.invalidPublicKey, "")) { try NISTP256.Signing.PublicKey(derRepresentation: der) }
    }

    @Test("PEM with CRLF line ends, surrounding text and other blocks first is read")
    func pemLayout() throws {
        let key = NISTP256.Signing.PrivateKey()
        let crlf = key.pemRepresentation.replacingOccurrences(of: "\n", with: "\r\n")
        let text = "Some comment\r\n" + key.publicKey.pemRepresentation + crlf + "trailing words\n"
        #expect(try NISTP256.Signing.PrivateKey(pemRepresentation: text).rawRepresentation == key.rawRepresentation)
        #expect(try NISTP256.Signing.PublicKey(pemRepresentation: text) == key.publicKey)
    }

    @Test("One public key verifies correctly from many tasks at once")
    func concurrentVerify() async throws {
        let key = NISTP256.Signing.PrivateKey()
        let messages = (0..<8).map { Data("message \($0)".utf8) }
        let signatures = try messages.map { try key.signature(for: $0) }
        let publicKey = key.publicKey
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for task in 0..<16 {
                group.addTask {
                    var allRight = true
                    for round in 0..<20 {
                        let index = (task + round) % messages.count
                        allRight = allRight && publicKey.isValidSignature(signatures[index], for: messages[index])
                        let wrong = (index + 1) % messages.count
                        allRight = allRight && !publicKey.isValidSignature(signatures[wrong], for: messages[index])
                    }
                    return allRight
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.count == 16)
        #expect(outcomes.allSatisfy { $0 })
    }

    @Test("Signing from many tasks at once gives valid signatures")
    func concurrentSign() async throws {
        let key = NISTP256.Signing.PrivateKey()
        let message = Data("shared".utf8)
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    (0..<10).allSatisfy { _ in
                        (try? key.signature(for: message)).map { key.publicKey.isValidSignature($0, for: message) }
                            ?? false
                    }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 8))
    }

    @Test("A PKCS#8 key whose stored public point belongs to another key is rejected")
    func mismatchedStoredPoint() throws {
        let key = NISTP256.Signing.PrivateKey()
        let other = NISTP256.Signing.PrivateKey()
        var der = [UInt8](key.derRepresentation)
        der.replaceSubrange((der.count - 65)..., with: other.publicKey.x963Representation)
        #expect(throws: CryptoError(.invalidPrivateKey, "")) { try NISTP256.Signing.PrivateKey(derRepresentation: der) }
        let pem = "-----BEGIN PRIVATE KEY-----\n\(Data(der).base64EncodedString())\n-----END PRIVATE KEY-----\n"
        #expect(throws: CryptoError(.invalidPrivateKey, "")) { try NISTP256.Signing.PrivateKey(pemRepresentation: pem) }
    }

    @Test("PEM texts over 1 MiB are refused before parsing")
    func oversizedPEM() {
        let huge = String(repeating: "A", count: (1 << 20) + 1)
        #expect(throws: CryptoError(.malformedPEM, "")) { try NISTP256.Signing.PrivateKey(pemRepresentation: huge) }
        #expect(throws: CryptoError(.malformedPEM, "")) { try NISTP256.Signing.PublicKey(pemRepresentation: huge) }
    }
}
