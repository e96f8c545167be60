/// Which expired or expiring entries a rotation has already covered.
///
/// During a certificate rotation a list holds the old entry (expiring soon, or already expired and
/// waiting for `prune`) and the new one for the same name. Apps pick any unexpired entry whose
/// fingerprint matches, so the old entry's expiry is no risk as long as the name has an entry with a
/// valid signature that stays valid beyond the warning window. A release gate should fail only
/// when a name has no such entry.
public enum RotationCoverage {
    /// For each verdict whose expiry is not `.valid`, the index of an entry with the same name, a valid
    /// signature and a `.valid` expiry (the one expiring last), if the list has one. Keys are
    /// `EntryVerdict.index` values.
    public static func coveringEntries(_ verdicts: [EntryVerdict]) -> [Int: Int] {
        var bestByName: [String: EntryVerdict] = [:]
        for verdict in verdicts where verdict.signature == .valid && verdict.expiry == .valid {
            if let best = bestByName[verdict.entry.name], best.entry.expires >= verdict.entry.expires { continue }
            bestByName[verdict.entry.name] = verdict
        }
        var covered: [Int: Int] = [:]
        for verdict in verdicts where verdict.expiry != .valid {
            if let cover = bestByName[verdict.entry.name] { covered[verdict.index] = cover.index }
        }
        return covered
    }
}
