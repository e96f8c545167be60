package import FoundationEssentials
import QRAuthCrypto

extension PowerAuthV4 {
    /// The hash-based counter of protocol 4.0 (spec §5): 32 bytes, advanced by SHA3-256, no folding.
    package enum Counter {
        /// Bytes of `CTR_DATA`.
        package static let size = 32

        /// `next(CTR_DATA) = SHA3-256(CTR_DATA)`.
        package static func next(_ counterData: some DataProtocol) -> Data {
            SHA3.hash256(counterData)
        }

        /// `CTR_DATA_HASH = KMAC(KEY_MAC_CTR_DATA, CTR_DATA, 32, "PA4MAC-CTR")` (the key is `KEY_MAC_CTR_DATA`,
        /// as the SDK code has it; DOC-STATUS swaps the arguments).
        package static func hash(
            _ counterData: some DataProtocol, key: some DataProtocol
        ) throws(PowerAuthError)
            -> Data
        {
            try kmac(key: key, message: counterData, .counterMAC)
        }

        /// How many `next` steps (0 ..< `lookAhead`) take `counterData` to the one whose hash is `expectedHash`,
        /// or nil when none within the window does.
        package static func distance(
            from counterData: Data, toHash expectedHash: Data, key: Data, lookAhead: Int
        ) throws(PowerAuthError) -> Int? {
            var current = counterData
            for step in 0..<max(0, lookAhead) {
                if ConstantTime.equals(try hash(current, key: key), expectedHash) { return step }
                current = next(current)
            }
            return nil
        }
    }
}
