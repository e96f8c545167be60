internal import COpenSSL

public import FoundationEssentials

/// Comparison whose running time does not depend on where two equal-length values differ.
public enum ConstantTime {
    /// Whether `a` and `b` hold the same bytes. Lengths are compared first (lengths are not secret).
    public static func equals(_ a: some DataProtocol, _ b: some DataProtocol) -> Bool {
        guard a.count == b.count else { return false }
        guard !a.isEmpty else { return true }
        return a.withNonNullBytes { aPointer, count in
            b.withNonNullBytes { bPointer, _ in CRYPTO_memcmp(aPointer, bPointer, count) == 0 }
        }
    }
}
