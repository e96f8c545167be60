public import FoundationEssentials
import QRAuthCrypto

/// RFC 6238 time-based one-time passwords; PowerAuth's proximity check uses HMAC-SHA256 and 8 digits.
/// The time is passed in; nothing here reads a clock.
public enum TOTP {
    /// The HMAC behind the HOTP value.
    public enum Algorithm: String, Sendable, Codable {
        /// HMAC-SHA1 (RFC 4226 default).
        case sha1 = "HmacSHA1"
        /// HMAC-SHA256 (PowerAuth proximity check).
        case sha256 = "HmacSHA256"
    }

    /// The code for Unix time `unixTime` (seconds), `step` seconds per value, `digits` digits (4...10).
    public static func code(
        seed: some DataProtocol, unixTime: Int64, step: Int64 = 30, digits: Int = 8, algorithm: Algorithm = .sha256
    ) throws(PowerAuthError) -> String {
        guard step > 0 else { throw PowerAuthError(.totp, "the TOTP step must be positive, not \(step)") }
        guard unixTime >= 0 else { throw PowerAuthError(.totp, "the TOTP time must not be before 1970") }
        return try code(seed: seed, counter: UInt64(unixTime / step), digits: digits, algorithm: algorithm)
    }

    /// The HOTP value for a moving-factor `counter` (RFC 4226 dynamic truncation).
    public static func code(
        seed: some DataProtocol, counter: UInt64, digits: Int = 8, algorithm: Algorithm = .sha256
    ) throws(PowerAuthError) -> String {
        guard (4...10).contains(digits) else {
            throw PowerAuthError(.totp, "a TOTP has 4 to 10 digits, not \(digits)")
        }
        guard !seed.isEmpty else { throw PowerAuthError(.totp, "the TOTP seed is empty") }
        let message = KeyDerivation.indexBlock(counter).suffix(8)
        let mac: Data
        switch algorithm {
        case .sha1: mac = HMACSHA1.authenticationCode(for: message, using: seed)
        case .sha256: mac = HMACSHA256.authenticationCode(for: message, using: seed)
        }
        let bytes = Array(mac)
        let offset = Int(bytes[bytes.count - 1] & 0x0F)
        var value: UInt64 = 0
        for byte in bytes[offset..<offset + 4] { value = value << 8 | UInt64(byte) }
        value &= 0x7FFF_FFFF
        var modulus: UInt64 = 1
        for _ in 0..<digits { modulus *= 10 }
        let text = String(value % modulus)
        return String(repeating: "0", count: digits - text.count) + text
    }

    /// The candidate codes a server accepts: now, now − step, …, now − pastSteps·step (newest first).
    public static func candidates(
        seed: some DataProtocol, unixTime: Int64, step: Int64 = 30, pastSteps: Int = 1, digits: Int = 8
    ) throws(PowerAuthError) -> [String] {
        guard (0...100).contains(pastSteps) else {
            throw PowerAuthError(.totp, "the number of past TOTP steps must be 0 to 100, not \(pastSteps)")
        }
        var codes: [String] = []
        for back in 0...pastSteps {
            let time = unixTime - Int64(back) * step
            guard time >= 0 else { break }
            codes.append(try code(seed: seed, unixTime: time, step: step, digits: digits))
        }
        return codes
    }
}
