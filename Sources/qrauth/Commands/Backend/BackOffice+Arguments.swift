public import ArgumentParser
public import MobileTokenAPI

extension BackOffice.CommitPhase: ExpressibleByArgument {}

extension BackOffice.SignatureType: ExpressibleByArgument {
    /// Accepts the wire name in either case: `POSSESSION_KNOWLEDGE`, `possession_knowledge`.
    public init?(argument: String) {
        self.init(rawValue: argument.uppercased())
    }
}
