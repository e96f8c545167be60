import FoundationEssentials
import PowerAuth
import QRAuthEncoding

extension OperationRecord {
    /// Whether `otp` is the current or the previous 8-digit TOTP of the proximity seed at `now`, with the
    /// operation's step (30 s when it has none); false when it has no seed or the seed is not Base64.
    func proximityOTPMatches(_ otp: String, now: Date) -> Bool {
        guard let seedText = proximitySeed, let seed = StrictBase64.decode(seedText),
            let candidates = try? TOTP.candidates(
                seed: seed, unixTime: Int64(now.timeIntervalSince1970), step: proximityStep ?? 30)
        else { return false }
        return candidates.contains(otp)
    }
}
