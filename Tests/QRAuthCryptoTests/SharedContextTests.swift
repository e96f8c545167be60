import Dispatch
import Foundation
import Testing

@testable import QRAuthCrypto

/// The process-wide fetched algorithms and pooled contexts give the same bytes from many threads at
/// once as from one, and the pools stay bounded.
@Suite("Shared OpenSSL algorithms and context pools")
struct SharedContextTests {
    /// Inputs of varied lengths: empty, one byte, around the SHA-256 block size, long keys that HMAC hashes.
    static let messages: [Data] = [0, 1, 15, 16, 55, 56, 63, 64, 65, 200, 1000].map { count in
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ count) })
    }

    @Test func hashesAndMACsAgreeAcrossThreads() throws {
        let aesKey = Data((0..<16).map { UInt8($0) })
        let expected = Self.messages.map { message in
            [
                SHA256Hash.hash(data: message), HMACSHA256.authenticationCode(for: message, using: message),
                HMACSHA1.authenticationCode(for: message, using: message),
            ]
        }
        let expectedBlock = try AES128.encryptBlock(Data(count: 16), key: aesKey)
        let iterations = 64
        let mismatches = Mismatches()
        DispatchQueue.concurrentPerform(iterations: iterations) { iteration in
            for (index, message) in Self.messages.enumerated() {
                // Interleave algorithms so one thread's pooled context is reused by another for a different key.
                let got = [
                    SHA256Hash.hash(data: message), HMACSHA256.authenticationCode(for: message, using: message),
                    HMACSHA1.authenticationCode(for: message, using: message),
                ]
                if got != expected[index] { mismatches.add("message \(index), iteration \(iteration)") }
                let block = try? AES128.encryptBlock(Data(count: 16), key: aesKey)
                if block != expectedBlock { mismatches.add("AES, iteration \(iteration)") }
            }
        }
        #expect(mismatches.all.isEmpty)
        let algorithms = OpenSSLAlgorithms.shared
        let capacity = max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)
        for pool in [
            algorithms.digestContexts, algorithms.hmacSHA256Contexts, algorithms.hmacSHA1Contexts,
            algorithms.cipherContexts,
        ] {
            #expect(pool.spareCount >= 1)
            #expect(pool.spareCount <= capacity)
        }
    }

    @Test func reKeyedHMACContextForgetsThePreviousKey() {
        // RFC 4231 test case 2 after an HMAC under a long key on the same thread (so the same pooled context).
        _ = HMACSHA256.authenticationCode(for: Data("x".utf8), using: Data(repeating: 0xAA, count: 131))
        let mac = HMACSHA256.authenticationCode(
            for: Data("what do ya want for nothing?".utf8), using: Data("Jefe".utf8))
        #expect(mac.hex == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(
            HMACSHA256.authenticationCode(for: Data(), using: Data()).hex
                == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
    }

    @Test func parallelVerificationUnderOneKeyReusesPooledContexts() throws {
        let privateKey = NISTP256.Signing.PrivateKey()
        let publicKey = try NISTP256.Signing.PublicKey(x963Representation: privateKey.publicKey.x963Representation)
        let messages = (0..<32).map { Data("message \($0)".utf8) }
        let signatures = try messages.map { try privateKey.signature(for: $0) }
        let failures = Mismatches()
        DispatchQueue.concurrentPerform(iterations: 64) { iteration in
            let index = iteration % messages.count
            if !publicKey.isValidSignature(signatures[index], for: messages[index]) { failures.add("valid \(index)") }
            if publicKey.isValidSignature(signatures[index], for: messages[(index + 1) % messages.count]) {
                failures.add("wrong message \(index)")
            }
        }
        #expect(failures.all.isEmpty)
        #expect(publicKey.spareVerifyContextCount >= 1)
        #expect(publicKey.spareVerifyContextCount <= max(4, 2 * ProcessInfo.processInfo.activeProcessorCount))
    }

    @Test func verifyingRawDERMatchesTheParsedSignature() throws {
        let privateKey = NISTP256.Signing.PrivateKey()
        let publicKey = privateKey.publicKey
        let message = Data("name&fingerprint&expires".utf8)
        let signature = try privateKey.signature(for: message)
        let der = signature.derRepresentation
        #expect(publicKey.isValidSignature(derRepresentation: der, for: message))
        #expect(!publicKey.isValidSignature(derRepresentation: der, for: message + Data([0])))
        // Non-strict encodings that OpenSSL might accept are refused before it sees them.
        #expect(!publicKey.isValidSignature(derRepresentation: der + Data([0]), for: message))
        var longForm = Data([0x30, 0x81, UInt8(der.count - 2)])
        longForm.append(der.dropFirst(2))
        #expect(!publicKey.isValidSignature(derRepresentation: longForm, for: message))
        #expect((try? NISTP256.Signing.ECDSASignature(derRepresentation: longForm)) == nil)
        #expect(!publicKey.isValidSignature(derRepresentation: Data(), for: message))
        #expect(!publicKey.isValidSignature(derRepresentation: signature.rawRepresentation, for: message))
        // A non-contiguous collection takes the copying path and agrees.
        #expect(publicKey.isValidSignature(derRepresentation: Array(der).lazy.map { $0 }, for: message))
    }

    @Test func verifyingAPrehashedDigest() throws {
        let privateKey = NISTP256.Signing.PrivateKey()
        let message = Data("prehashed".utf8)
        let signature = try privateKey.signature(for: message)
        let digest = SHA256Hash.hash(data: message)
        #expect(privateKey.publicKey.isValidSignature(signature, digest: digest))
        #expect(!privateKey.publicKey.isValidSignature(signature, digest: SHA256Hash.hash(data: digest)))
        #expect(!privateKey.publicKey.isValidSignature(signature, digest: digest.prefix(31)))
        #expect(!privateKey.publicKey.isValidSignature(signature, digest: message))
    }
}

/// Failures collected from concurrent closures.
private final class Mismatches: @unchecked Sendable {
    // @unchecked Sendable: `items` is only touched under `lock`.
    private let lock = NSLock()
    private var items: [String] = []

    func add(_ item: String) {
        lock.lock()
        items.append(item)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
