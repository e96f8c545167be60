import FoundationEssentials

/// How the ML-DSA-65 and ML-KEM-768 keys carry a public key: raw, or as `SubjectPublicKeyInfo` DER, which for one
/// algorithm is a fixed prefix (`AlgorithmIdentifier` and the BIT STRING header) followed by the raw key.
protocol PostQuantumPublicKeyEncoding {
    /// Bytes of a raw public key.
    static var publicKeySize: Int { get }
    /// The SPKI DER up to the raw key.
    static var spkiPrefix: [UInt8] { get }
}

extension PostQuantumPublicKeyEncoding {
    /// The SPKI DER around a raw public key.
    static func spki(rawPublicKey: some DataProtocol) -> Data {
        Data(spkiPrefix) + Data(rawPublicKey)
    }

    /// The raw key of a raw or SPKI encoding; nil when `encoded` is neither (the caller names the key and its
    /// length in its error).
    static func rawPublicKeyBytes(_ encoded: some DataProtocol) -> [UInt8]? {
        var raw = [UInt8](encoded)
        let prefix = spkiPrefix
        if raw.count == prefix.count + publicKeySize, raw.starts(with: prefix) { raw.removeFirst(prefix.count) }
        return raw.count == publicKeySize ? raw : nil
    }
}
