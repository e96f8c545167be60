extension OfflineOperation {
    /// The flags line: a set of letters, order irrelevant, unknown letters kept.
    public struct Flags: Equatable, Hashable, Sendable {
        /// The line as it appeared.
        public let rawValue: String

        /// Makes flags from the line's text.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Makes flags from the four known meanings (written in the order `B`, `X`, `F`, `C`).
        public init(
            allowsBiometry: Bool = false, flipsButtons: Bool = false, showsFraudWarning: Bool = false,
            blocksWhenOnCall: Bool = false
        ) {
            var text = ""
            if allowsBiometry { text += "B" }
            if flipsButtons { text += "X" }
            if showsFraudWarning { text += "F" }
            if blocksWhenOnCall { text += "C" }
            self.rawValue = text
        }

        /// `B`: biometry may replace the password as the second factor.
        public var allowsBiometry: Bool { rawValue.contains(Character("B")) }
        /// `X`: swap the approve and reject buttons.
        public var flipsButtons: Bool { rawValue.contains(Character("X")) }
        /// `F`: show a fraud warning.
        public var showsFraudWarning: Bool { rawValue.contains(Character("F")) }
        /// `C`: block approval during a phone call.
        public var blocksWhenOnCall: Bool { rawValue.contains(Character("C")) }
        /// The characters without a known meaning, in order of appearance (ignored by the SDKs).
        public var unknown: [Character] { rawValue.filter { !["B", "X", "F", "C"].contains($0) }.map { $0 } }
    }
}
