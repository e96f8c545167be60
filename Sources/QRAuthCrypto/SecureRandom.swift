internal import COpenSSL

public import FoundationEssentials

/// Cryptographically secure random bytes from OpenSSL's DRBG.
public enum SecureRandom {
    /// `count` random bytes (none when `count` is zero or negative).
    ///
    /// A failing DRBG stops the process: returning predictable bytes would be worse than crashing.
    public static func bytes(count: Int) -> Data {
        guard count > 0 else { return Data() }
        var output = Data(count: count)
        let status = output.withUnsafeMutableBytes { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return 0 }
            var offset = 0
            while offset < buffer.count {
                let chunk = min(buffer.count - offset, Int(Int32.max))
                guard RAND_bytes(base.advanced(by: offset).assumingMemoryBound(to: UInt8.self), Int32(chunk)) == 1
                else { return 0 }
                offset += chunk
            }
            return 1
        }
        guard status == 1 else {
            fatalError("OpenSSL RAND_bytes failed: \(OpenSSLErrorQueue.drain() ?? "no reason")")
        }
        return output
    }
}
