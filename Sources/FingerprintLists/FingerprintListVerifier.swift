import Dispatch
import FoundationEssentials
import QRAuthCrypto

/// Verifies every entry of a static list against the app's public key, on all cores.
///
/// Unlike the clients (which skip expired and duplicate entries before checking signatures), a
/// pipeline verifier checks every entry.
public struct FingerprintListVerifier: Sendable {
    /// The key the entries must be signed with.
    public let publicKey: PinningPublicKey

    /// Makes a verifier.
    public init(publicKey: PinningPublicKey) {
        self.publicKey = publicKey
    }

    /// Whether `entry` carries a signature that verifies over its signed bytes.
    public func isValid(_ entry: FingerprintEntry) -> Bool {
        var buffer: [UInt8] = []
        return signatureVerdict(entry, buffer: &buffer) == .valid
    }

    /// The signature verdict of one entry; `buffer` is scratch space reused across calls.
    func signatureVerdict(_ entry: FingerprintEntry, buffer: inout [UInt8]) -> EntryVerdict.Signature {
        guard let signature = entry.signature else { return .missing }
        buffer.removeAll(keepingCapacity: true)
        entry.appendSignedBytes(to: &buffer)
        // Strict DER is checked in place, as `PinningPublicKey.isValidSignature` does with a copy.
        return publicKey.key.isValidSignature(derRepresentation: signature, for: buffer) ? .valid : .invalid
    }

    /// One verdict per entry, in list order. `window` (seconds) marks entries that expire within
    /// it as expiring soon.
    public func verify(_ list: FingerprintList, now: Int64, window: Int64 = 0) -> [EntryVerdict] {
        let entries = list.entries
        let signatures = verifySignatures(entries)
        return entries.enumerated().map { index, entry in
            let expiry: EntryVerdict.Expiry =
                entry.isExpired(at: now) ? .expired : (entry.expires < now + window ? .expiringSoon : .valid)
            return EntryVerdict(index: index, entry: entry, signature: signatures[index], expiry: expiry)
        }
    }

    /// Signature verdicts for `entries`, computed in parallel chunks.
    ///
    /// Chunks are contiguous index ranges (four per core, so a core that is slowed by other load does not
    /// hold up the end); each writes its own disjoint range of the result and owns one signed-bytes buffer.
    /// Nothing in the loop takes a shared lock except the key's context pool, for a pop and a push per entry.
    func verifySignatures(_ entries: [FingerprintEntry]) -> [EntryVerdict.Signature] {
        var results = [EntryVerdict.Signature](repeating: .missing, count: entries.count)
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let chunkCount = entries.count < 64 ? 1 : min(entries.count, cores * 4)
        results.withUnsafeMutableBufferPointer { buffer in
            // Each chunk writes a disjoint index range of the buffer, so there is no shared write.
            nonisolated(unsafe) let output = buffer
            let verifier = self
            DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
                let start = entries.count * chunk / chunkCount
                let end = entries.count * (chunk + 1) / chunkCount
                var signedBytes: [UInt8] = []
                signedBytes.reserveCapacity(256)
                for index in start..<end {
                    output[index] = verifier.signatureVerdict(entries[index], buffer: &signedBytes)
                }
            }
        }
        return results
    }
}
