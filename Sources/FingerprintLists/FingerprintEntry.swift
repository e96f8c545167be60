public import Foundation

/// One entry of a fingerprint list: a certificate common name, the SHA-256 of a DER certificate,
/// when the pin stops being valid, and (in a static list) its signature.
public struct FingerprintEntry: Sendable, Hashable {
    /// The certificate's subject common name, matched exactly (no wildcard logic, no case folding).
    public var name: String
    /// SHA-256 of the DER certificate: 32 bytes.
    public var fingerprint: Data
    /// Unix seconds after which the entry is ignored (`expires < now` means expired).
    public var expires: Int64
    /// The DER ECDSA P-256 signature over `signedBytes` (static lists), or nil.
    public var signature: Data?
    /// The certificate's position in the chain (0 = leaf); nil when absent. Never signed.
    public var depth: Int?

    /// Makes an entry.
    public init(name: String, fingerprint: Data, expires: Int64, signature: Data? = nil, depth: Int? = nil) {
        self.name = name
        self.fingerprint = fingerprint
        self.expires = expires
        self.signature = signature
        self.depth = depth
    }

    /// The signed string `name&base64(fingerprint)&expires` (spec §2.1).
    public var signedString: String {
        "\(name)&\(fingerprint.base64EncodedString())&\(expires)"
    }

    /// The exact bytes a static-list signature covers: the UTF-8 of `signedString`.
    public var signedBytes: Data {
        // Built byte by byte (no intermediate String): this runs once per entry in list verification.
        let base64 = fingerprint.base64EncodedData()
        var bytes = Data(capacity: name.utf8.count + base64.count + 22)
        bytes.append(contentsOf: name.utf8)
        bytes.append(UInt8(ascii: "&"))
        bytes.append(base64)
        bytes.append(UInt8(ascii: "&"))
        bytes.append(contentsOf: String(expires).utf8)
        return bytes
    }

    /// Whether the entry is past its expiry at `now` (`expires < now`; `expires == now` is still valid).
    public func isExpired(at now: Int64) -> Bool { expires < now }

    /// The chain position the entry pins (`depth ?? 0`).
    public var chainDepth: Int { depth ?? 0 }
}
