package extension String {
    /// The text of `bytes` when they are valid UTF-8, else nil (`String(validating:)` needs macOS 15).
    init?(strictUTF8 bytes: some Collection<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else { return nil }
        self = text
    }
}
