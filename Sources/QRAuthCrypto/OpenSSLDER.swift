import FoundationEssentials

/// OpenSSL's two-call `i2d_*` encoding: once for the length, once into a buffer of that length.
enum OpenSSLDER {
    /// The DER that `encode` writes (`encode(nil)` answers the length, `encode(&cursor)` writes); an encoder that
    /// fails, or writes another length than it announced, is the error `code` with the reason `failure()`.
    static func encode(
        _ code: CryptoError.Code, _ failure: @autoclosure () -> String,
        _ encode: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?) -> Int32
    ) throws(CryptoError) -> Data {
        let length = encode(nil)
        guard length > 0 else { throw CryptoError(code, failure()) }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        let written = bytes.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            return encode(&cursor)
        }
        guard written == length else { throw CryptoError(code, failure()) }
        return Data(bytes)
    }
}
