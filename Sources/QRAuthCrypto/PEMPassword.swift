/// A password lent to OpenSSL's PEM password callback through its `void *` argument.
struct PEMPassword {
    /// The password bytes, or nil when no password may be used (the callback then refuses).
    let bytes: UnsafeBufferPointer<UInt8>?

    /// The `pem_password_cb` body: copies the password into OpenSSL's buffer and returns its length,
    /// or -1 (never prompting on a terminal) when there is none or it does not fit.
    static func fill(
        _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int32, _ userData: UnsafeMutableRawPointer?
    ) -> Int32 {
        guard let buffer, let userData else { return -1 }
        guard let bytes = userData.assumingMemoryBound(to: PEMPassword.self).pointee.bytes,
            let base = bytes.baseAddress,
            bytes.count <= Int(size)
        else { return -1 }
        UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: bytes.count)
        return Int32(bytes.count)
    }
}
