public import FoundationEssentials

/// The ANSI X9.63 key derivation function with SHA-256 (SEC 1 §3.6.1), as ECIES uses it.
public enum X963KDF {
    /// The largest output one call may ask for: 2^32 − 1 SHA-256 blocks is far beyond any use, so a sane cap.
    public static let maximumOutputLength = 1 << 16

    /// `SHA256(Z || BE32(1) || info) || SHA256(Z || BE32(2) || info) || …`, truncated to `outputLength` bytes.
    public static func sha256(
        sharedSecret: some DataProtocol, info: some DataProtocol, outputLength: Int
    ) throws(CryptoError) -> Data {
        guard (1...maximumOutputLength).contains(outputLength) else {
            throw CryptoError(
                .invalidParameter, "an X9.63 KDF output length must be 1...\(maximumOutputLength), not \(outputLength)")
        }
        let secret = Data(sharedSecret)
        let infoBytes = Data(info)
        var output = Data()
        var counter: UInt32 = 1
        while output.count < outputLength {
            var block = secret
            withUnsafeBytes(of: counter.bigEndian) { block.append(contentsOf: $0) }
            block.append(infoBytes)
            output.append(SHA256Hash.hash(data: block))
            counter += 1
        }
        return output.prefix(outputLength)
    }
}
