/// NIST P-256 (secp256r1, prime256v1): ECDSA-SHA256 signing and ECDH key agreement.
public enum NISTP256 {
    /// ECDSA over P-256 with SHA-256.
    public enum Signing {}

    /// ECDH over P-256; the keys are the signing keys (PowerAuth uses one key pair for both).
    public enum KeyAgreement {
        /// A P-256 private key.
        public typealias PrivateKey = NISTP256.Signing.PrivateKey
        /// A P-256 public key.
        public typealias PublicKey = NISTP256.Signing.PublicKey
    }
}
