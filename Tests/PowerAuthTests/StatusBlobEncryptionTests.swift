import Foundation
import OfflineOperations
import PowerAuth
import QRAuthCrypto
import Testing

/// Server-side status blob encryption (spec §3.8) against the upstream blob vectors, and client round trips.
@Suite("Status blob encryption")
struct StatusBlobEncryptionTests {
    @Test(arguments: UpstreamVectorTests.both.map { $0 + "activation-status-blob-data.json" })
    func reencryptionIsByteExact(file: String) throws {
        let items = try Fixture.upstream(file)
        #expect(!items.isEmpty)
        for (index, item) in items.enumerated() {
            let transportKey = try Fixture.base64(item.input["transportKey"])
            let challenge = try Fixture.base64(item.input["challenge"])
            let nonce = try Fixture.base64(item.input["nonce"])
            let encrypted = try Fixture.base64(item.input["encryptedStatusBlob"])
            let blob = try ActivationStatusBlob(
                encrypted: encrypted, transportKey: transportKey, challenge: challenge, nonce: nonce)
            // The reserved bytes are random on the server: take them from the plaintext.
            let iv = try ActivationStatusBlob.iv(transportKey: transportKey, challenge: challenge, nonce: nonce)
            let plain = try AES128.decryptCBC(encrypted, key: transportKey, iv: iv, padding: false)
            let rebuilt = ActivationStatusBlob(
                status: blob.status, currentVersion: blob.currentVersion, upgradeVersion: blob.upgradeVersion,
                counterByte: blob.counterByte, failedAttempts: blob.failedAttempts,
                maxFailedAttempts: blob.maxFailedAttempts, lookAhead: blob.lookAhead,
                counterDataHash: blob.counterDataHash)
            let again = try rebuilt.encrypted(
                transportKey: transportKey, challenge: challenge, nonce: nonce, reserved: plain.subdata(in: 7..<12))
            #expect(again == encrypted, "\(file) item \(index)")
        }
    }

    @Test func clientDecryptsWhatTheServerEncrypts() throws {
        let transportKey = SecureRandom.bytes(count: 16)
        let challenge = SecureRandom.bytes(count: 16)
        let nonce = SecureRandom.bytes(count: 16)
        let ctrData = SecureRandom.bytes(count: 16)
        let blob = ActivationStatusBlob(
            status: 3, currentVersion: 3, upgradeVersion: 3, counterByte: 7, failedAttempts: 1, maxFailedAttempts: 5,
            lookAhead: 20,
            counterDataHash: try ActivationStatusBlob.counterDataHash(ctrData: ctrData, transportKey: transportKey))
        let encrypted = try blob.encrypted(transportKey: transportKey, challenge: challenge, nonce: nonce)
        #expect(encrypted.count == 32)
        let decrypted = try ActivationStatusBlob(
            encrypted: encrypted, transportKey: transportKey, challenge: challenge, nonce: nonce)
        #expect(decrypted == blob)
        #expect(try decrypted.counterDistance(localCtrData: ctrData, transportKey: transportKey) == 0)
        // Another challenge gives another IV: the magic no longer matches.
        #expect(throws: PowerAuthError(.statusBlob, "")) {
            try ActivationStatusBlob(
                encrypted: encrypted, transportKey: transportKey, challenge: SecureRandom.bytes(count: 16), nonce: nonce
            )
        }
        #expect(throws: PowerAuthError(.statusBlob, "")) {
            try blob.encrypted(transportKey: transportKey, challenge: challenge, nonce: nonce, reserved: Data(count: 4))
        }
    }
}
