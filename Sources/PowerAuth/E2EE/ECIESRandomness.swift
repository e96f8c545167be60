public import FoundationEssentials
public import QRAuthCrypto

extension ECIES {
    /// Where an ECIES exchange gets its ephemeral key pair and nonces; injectable so tests are deterministic.
    public struct Randomness: Sendable {
        /// Makes a fresh ephemeral P-256 private key.
        public var ephemeralKey: @Sendable () -> NISTP256.Signing.PrivateKey
        /// Makes `count` random bytes (nonces are 16).
        public var bytes: @Sendable (_ count: Int) -> Data

        /// Makes a source from two generators.
        public init(
            ephemeralKey: @escaping @Sendable () -> NISTP256.Signing.PrivateKey,
            bytes: @escaping @Sendable (_ count: Int) -> Data
        ) {
            self.ephemeralKey = ephemeralKey
            self.bytes = bytes
        }

        /// OpenSSL's generator for both (the default everywhere outside tests).
        public static var secure: ECIES.Randomness {
            ECIES.Randomness(ephemeralKey: { NISTP256.Signing.PrivateKey() }, bytes: { SecureRandom.bytes(count: $0) })
        }

        /// A 16-byte nonce.
        func nonce() -> Data { bytes(16) }
    }
}
