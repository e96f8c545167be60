import FingerprintLists

/// Parses `--public-key` with a message that names the option.
enum PublicKeyArgument {
    static func parse(_ text: String) throws -> PinningPublicKey {
        do {
            return try PinningPublicKey(base64: text)
        } catch {
            throw FingerprintListError(error.code, "--public-key: \(error.reason)")
        }
    }
}
