import Foundation
import QRAuthCrypto
import QRAuthTestSupport
import Testing

/// `server-signed-offline-payloads.json`: ECDSA signatures in DER and JOSE form over offline QR data.
struct OfflinePayloadFile: Decodable {
    struct Keys: Decodable {
        let masterServerPrivateKeyB64: String
        let masterServerPublicKeyB64: String
        let masterServerPublicKeyCompressedB64: String
        let serverPrivateKeyB64: String
        let serverPublicKeyB64: String
        let serverPublicKeyCompressedB64: String
    }
    struct Item: Decodable, Sendable, CustomTestStringConvertible {
        let `case`: String
        let keyIndicator: String
        let signedDataUtf8: String
        let signatureDerB64: String
        let signatureJoseB64: String
        let verifyWithExpectedKey: Bool
        let verifyWithOtherKey: Bool
        let verifyWithTamperedData: Bool
        var testDescription: String { self.case }
    }
    let keys: Keys
    let items: [Item]

    static let loaded: OfflinePayloadFile? = {
        guard
            let data = try? SharedFixtures.data(
                "server-signed-offline-payloads.json",
                in: Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        else { return nil }
        return try? JSONDecoder().decode(OfflinePayloadFile.self, from: data)
    }()
}

@Suite("Offline payload signatures (DER and JOSE)")
struct OfflinePayloadSignatureTests {
    static func key(_ base64: String) throws -> Data { try #require(Data(base64Encoded: base64)) }

    @Test("Key material in all forms agrees")
    func keys() throws {
        let keys = try #require(OfflinePayloadFile.loaded?.keys)
        for (privateB64, publicB64, compressedB64) in [
            (keys.masterServerPrivateKeyB64, keys.masterServerPublicKeyB64, keys.masterServerPublicKeyCompressedB64),
            (keys.serverPrivateKeyB64, keys.serverPublicKeyB64, keys.serverPublicKeyCompressedB64),
        ] {
            let privateKey = try NISTP256.Signing.PrivateKey(javaRepresentation: try Self.key(privateB64))
            let publicKey = try NISTP256.Signing.PublicKey(x963Representation: try Self.key(publicB64))
            #expect(privateKey.publicKey == publicKey)
            #expect(publicKey.compressedRepresentation.base64EncodedString() == compressedB64)
            #expect(try NISTP256.Signing.PublicKey(compressedRepresentation: try Self.key(compressedB64)) == publicKey)
        }
    }

    @Test("DER and JOSE signatures verify as the file says", arguments: OfflinePayloadFile.loaded?.items ?? [])
    func item(item: OfflinePayloadFile.Item) throws {
        let keys = try #require(OfflinePayloadFile.loaded?.keys)
        let master = try NISTP256.Signing.PublicKey(x963Representation: try Self.key(keys.masterServerPublicKeyB64))
        let personal = try NISTP256.Signing.PublicKey(x963Representation: try Self.key(keys.serverPublicKeyB64))
        let (expected, other) = item.keyIndicator == "0" ? (master, personal) : (personal, master)
        let der = try NISTP256.Signing.ECDSASignature(derRepresentation: try Self.key(item.signatureDerB64))
        let jose = try NISTP256.Signing.ECDSASignature(rawRepresentation: try Self.key(item.signatureJoseB64))
        #expect(der == jose)
        #expect(der.rawRepresentation.base64EncodedString() == item.signatureJoseB64)
        let data = Data(item.signedDataUtf8.utf8)
        #expect(expected.isValidSignature(jose, for: data) == item.verifyWithExpectedKey)
        #expect(other.isValidSignature(der, for: data) == item.verifyWithOtherKey)
        #expect(expected.isValidSignature(der, for: data + Data("x".utf8)) == item.verifyWithTamperedData)
    }

    @Test("The file loads")
    func inventory() {
        #expect(OfflinePayloadFile.loaded?.items.count == 3)
    }
}
