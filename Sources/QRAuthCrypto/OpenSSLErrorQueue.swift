internal import COpenSSL

/// OpenSSL's thread-local error queue.
enum OpenSSLErrorQueue {
    /// Returns the text of the earliest queued error (if any) and empties the queue.
    static func drain() -> String? {
        let first = ERR_get_error()
        defer { ERR_clear_error() }
        guard first != 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: 256)
        buffer.withUnsafeMutableBufferPointer { ERR_error_string_n(first, $0.baseAddress, $0.count) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Forgets every queued error (after an expected failure, e.g. a signature that does not verify).
    static func clear() {
        ERR_clear_error()
    }
}
