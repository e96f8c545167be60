import Foundation
import PowerAuth
import QRAuthCrypto
import QRAuthTestSupport
import Testing

/// Property tests: activation codes catch every single-character typo; ECIES round-trips every plaintext length and
/// refuses every single-bit change of a cryptogram.
@Suite("E2EE properties")
struct E2EEPropertyTests {
    @Test func everySingleCharacterTypoIsCaught() throws {
        var generator = SeededGenerator(seed: 2024)
        let symbols = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
        for _ in 0..<40 {
            let random = Data((0..<10).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let code = try ActivationCode(randomBytes: random)
            #expect(try ActivationCode(validating: code.value).bytes.prefix(10) == random)
            var characters = Array(code.value)
            for position in characters.indices where characters[position] != "-" {
                let original = characters[position]
                for symbol in symbols where symbol != original {
                    characters[position] = symbol
                    // CRC-16 detects every error burst of up to 16 bits, and one symbol is 5 bits.
                    #expect(throws: PowerAuthError(.activationCode, "")) {
                        try ActivationCode(validating: String(characters))
                    }
                }
                characters[position] = original
            }
        }
    }

    @Test(arguments: ProtocolVersion.allCases)
    func everyPlaintextLengthRoundTrips(version: ProtocolVersion) throws {
        let serverKey = NISTP256.Signing.PrivateKey()
        let parameters = E2EERoundTripTests.parameters(version, .activationLayer2)
        let encryptor = try ECIES.Encryptor(
            parameters: parameters, recipientPublicKey: serverKey.publicKey.x963Representation)
        let decryptor = try ECIES.Decryptor(parameters: parameters, recipientPrivateKey: serverKey)
        var generator = SeededGenerator(seed: 7)
        for length in 0...70 {
            let plaintext = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let (request, context) = try encryptor.encrypt(plaintext, timestamp: Int64(length))
            #expect(request.encryptedData.count == (length / 16 + 1) * 16)
            let (received, answer) = try decryptor.decrypt(request)
            #expect(received == plaintext)
            let response = try answer.encrypt(Data(plaintext.reversed()), timestamp: Int64(length) + 1)
            #expect(try context.decrypt(response) == Data(plaintext.reversed()))
        }
    }

    @Test(arguments: [ProtocolVersion.v30, .v33])
    func everySingleBitFlipIsRefused(version: ProtocolVersion) throws {
        let serverKey = NISTP256.Signing.PrivateKey()
        let parameters = E2EERoundTripTests.parameters(version, .activationScopeGeneric)
        let decryptor = try ECIES.Decryptor(parameters: parameters, recipientPrivateKey: serverKey)
        let (request, _) = try ECIES.Encryptor(
            parameters: parameters, recipientPublicKey: serverKey.publicKey.compressedRepresentation
        ).encrypt(Data("{\"a\":1}".utf8), timestamp: 1_700_000_000_000)
        for bit in 0..<(request.encryptedData.count * 8) {
            var tampered = request
            tampered.encryptedData[bit / 8] ^= UInt8(1 << (bit % 8))
            #expect(throws: PowerAuthError(.decryption, "")) { try decryptor.decrypt(tampered) }
        }
        for bit in 0..<(request.mac.count * 8) {
            var tampered = request
            tampered.mac[bit / 8] ^= UInt8(1 << (bit % 8))
            #expect(throws: PowerAuthError(.decryption, "")) { try decryptor.decrypt(tampered) }
        }
        if let nonce = request.nonce {
            for bit in stride(from: 0, to: nonce.count * 8, by: 7) {
                var tampered = request
                tampered.nonce?[bit / 8] ^= UInt8(1 << (bit % 8))
                #expect(throws: PowerAuthError(.decryption, "")) { try decryptor.decrypt(tampered) }
            }
        }
        // A changed ephemeral key (still a valid point) gives another envelope key.
        var otherKey = request
        otherKey.ephemeralPublicKey = NISTP256.Signing.PrivateKey().publicKey.compressedRepresentation
        #expect(throws: PowerAuthError(.decryption, "")) { try decryptor.decrypt(otherKey) }
    }
}
