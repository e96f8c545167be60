import Foundation
import PowerAuth
import QRAuthCrypto
import Testing

/// Loading and reading the E2EE vector files (`Fixtures/upstream/powerauth-crypto/e2ee/`).
enum E2EEVectors {
    static let folder = "upstream/powerauth-crypto/e2ee/"

    /// The eight upstream files, one per version and scope.
    static let upstreamFiles: [String] = ["Application", "Activation"].flatMap { scope in
        ["30", "31", "32", "33"].map { "E2ee_\(scope)_Scope_Test_Vectors_\($0).json" }
    }

    /// The items of one upstream file (all values strings).
    static func upstreamItems(_ file: String) throws -> [[String: String]] {
        let object = try JSONSerialization.jsonObject(with: Fixture.data(folder + file))
        let top = try #require(object as? [String: Any])
        let list = try #require(top.values.first as? [[String: Any]])
        return list.map { item in item.compactMapValues { $0 as? String } }
    }

    /// The transcribed fixed-key file.
    static func transcribed() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(
            with: Fixture.data(folder + "transcribed/ecies-fixed-key-vectors.json"))
        return try #require(object as? [String: Any])
    }

    /// Deterministic randomness: the given nonces in order, then zeros; the given ephemeral key.
    static func fixedRandomness(
        nonces: [Data], ephemeralKey: NISTP256.Signing.PrivateKey = NISTP256.Signing.PrivateKey()
    ) -> ECIES.Randomness {
        let queue = NonceQueue(nonces)
        return ECIES.Randomness(ephemeralKey: { ephemeralKey }, bytes: { queue.next(count: $0) })
    }

    /// Hands out prepared byte strings one by one.
    final class NonceQueue: @unchecked Sendable {
        // @unchecked: `items` is only touched under `lock`.
        private let lock = NSLock()
        private var items: [Data]

        init(_ items: [Data]) { self.items = items }

        func next(count: Int) -> Data {
            lock.withLock { items.isEmpty ? Data(count: count) : items.removeFirst() }
        }
    }
}

extension Dictionary where Key == String, Value == String {
    /// A Base64 field.
    func bytes(_ key: String) throws -> Data { try Fixture.base64(self[key]) }
    /// A required string field.
    func text(_ key: String) throws -> String { try #require(self[key], "missing \(key)") }
    /// A decimal millisecond field.
    func milliseconds(_ key: String) throws -> Int64 { try #require(Int64(text(key))) }
}
