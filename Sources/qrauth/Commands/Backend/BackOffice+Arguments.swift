public import ArgumentParser
import MobileTokenAPI
public import OfflineOperations

extension CommitPhase: ExpressibleByArgument {}

extension SignatureType: ExpressibleByArgument {
    /// Accepts the back office's name in either case: `POSSESSION_KNOWLEDGE`, `possession_knowledge`.
    public init?(argument: String) {
        self.init(backOfficeName: argument.uppercased())
    }

    /// The back office's names, as the help and the completions list them.
    public static var allValueStrings: [String] { allCases.map(\.backOfficeName) }
}
