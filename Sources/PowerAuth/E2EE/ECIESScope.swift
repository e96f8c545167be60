extension ECIES {
    /// Which key an ECIES exchange is encrypted to and which SHARED_INFO_2 base it uses.
    public enum Scope: String, Sendable, Codable, CaseIterable {
        /// Application scope: the master (or 3.3 application temporary) key, `SH2_BASE = SHA256(APP_SECRET text)`.
        case application
        /// Activation scope: the activation's server (or temporary) key, `SH2_BASE = HMAC(KEY_TRANSPORT, APP_SECRET text)`.
        case activation
    }
}
