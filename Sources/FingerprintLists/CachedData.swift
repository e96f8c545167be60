import FoundationEssentials
import QRAuthEncoding

/// What a `CertStore` persists: the accepted entries, the next update time and (challenge mode)
/// the server's `domainsConfig`. Our own format; a file that fails to decode, or that names one key
/// twice in an object, counts as no cache.
struct CachedData: Sendable, Equatable, Codable {
    /// One stored pin.
    struct Certificate: Sendable, Equatable, Codable {
        var name: String
        var fingerprint: Data
        var expires: Int64
        var depth: Int?
    }

    var certificates: [Certificate]
    var nextUpdate: Int64
    var domainsConfig: DomainsConfig?

    init(entries: [FingerprintEntry], nextUpdate: Int64, domainsConfig: DomainsConfig?) {
        certificates = entries.map {
            Certificate(name: $0.name, fingerprint: $0.fingerprint, expires: $0.expires, depth: $0.depth)
        }
        self.nextUpdate = nextUpdate
        self.domainsConfig = domainsConfig
    }

    /// The stored pins as entries.
    var entries: [FingerprintEntry] {
        certificates.map {
            FingerprintEntry(name: $0.name, fingerprint: $0.fingerprint, expires: $0.expires, depth: $0.depth)
        }
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    static func decode(_ data: Data) -> CachedData? {
        guard JSONDuplicateKeys.first(in: data) == nil,
            let decoded = try? JSONDecoder().decode(CachedData.self, from: data),
            decoded.certificates.allSatisfy({ $0.fingerprint.count == 32 })
        else { return nil }
        return decoded
    }
}
