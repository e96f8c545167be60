extension ECIES {
    /// How the client writes its ephemeral public key into `ephemeralPublicKey` (both are accepted).
    public enum PointEncoding: String, Sendable, CaseIterable {
        /// 33 bytes `0x02/0x03 || X`: what the mobile SDK sends (the default).
        case compressed
        /// 65 bytes `0x04 || X || Y`: what the Java library sends.
        case uncompressed
    }
}
