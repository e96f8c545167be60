public import FoundationEssentials

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

    /// The signed string `name&base64(fingerprint)&expires`.
    public var signedString: String {
        "\(name)&\(fingerprint.base64EncodedString())&\(expires)"
    }

    /// The exact bytes a static-list signature covers: the UTF-8 of `signedString`.
    public var signedBytes: Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count + 66)
        appendSignedBytes(to: &bytes)
        return Data(bytes)
    }

    /// Whether the entry is past its expiry at `now` (`expires < now`; `expires == now` is still valid).
    public func isExpired(at now: Int64) -> Bool { expires < now }

    /// The chain position the entry pins (`depth ?? 0`).
    public var chainDepth: Int { depth ?? 0 }
}
