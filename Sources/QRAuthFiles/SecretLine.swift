import struct FoundationEssentials.Data

/// The one rule for reading a secret (password, OTP, `user:password` login) from a file, standard
/// input or an environment variable.
///
/// The secret is the first line: the bytes before the first LF, less one CR directly before that LF.
/// Nothing else is removed: a lone CR with no LF after it, spaces and tabs are part of the secret.
/// Working on bytes matters: in Swift `"\r\n"` is a single `Character`, so character-based trimming
/// either misses it or, dropping two characters, eats the secret's last one.
public enum SecretLine {
    /// The first line of `bytes` under the rule above, and whether anything followed its line break.
    public static func firstLine(of bytes: some Collection<UInt8>) -> (line: [UInt8], hasMore: Bool) {
        let all = Array(bytes)
        guard let newline = all.firstIndex(of: 0x0A) else { return (all, false) }
        var end = newline
        if end > 0, all[end - 1] == 0x0D { end -= 1 }
        return (Array(all[..<end]), newline + 1 < all.count)
    }

    /// The first line as UTF-8 text, or nil when it is not valid UTF-8 or holds a NUL (such secrets
    /// are refused, never repaired: two byte strings must never open the same key).
    public static func text(of bytes: some Collection<UInt8>) -> String? {
        let line = firstLine(of: bytes).line
        guard !line.contains(0), let text = String(validating: line, as: UTF8.self) else { return nil }
        return text
    }

    /// Reads `path` (`-` = standard input), at most `limit` bytes, and returns its first line as raw bytes.
    public static func read(_ path: String, limit: Int = 1 << 16) throws(FileError) -> (line: [UInt8], hasMore: Bool) {
        firstLine(of: try FileInput.read(path, limit: limit))
    }
}
