/// How a pre-approval screen visit ended (`action`): one of the SDK's actions or any custom string.
public struct PreApprovalScreenAction: Sendable, Hashable, Codable, RawRepresentable, ExpressibleByStringLiteral {
    /// The string sent as `action`.
    public var rawValue: String

    /// Makes an action from its string.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Makes an action from a literal.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// `CONTINUE`: the user went on.
    public static let `continue` = PreApprovalScreenAction(rawValue: "CONTINUE")
    /// `BACK`: the user went back.
    public static let back = PreApprovalScreenAction(rawValue: "BACK")
    /// `CLOSE`: the user closed the flow.
    public static let close = PreApprovalScreenAction(rawValue: "CLOSE")
    /// `REJECT`: the user rejected the operation.
    public static let reject = PreApprovalScreenAction(rawValue: "REJECT")
    /// `SCAN`: the user scanned the proximity QR code.
    public static let scan = PreApprovalScreenAction(rawValue: "SCAN")

    /// The actions the SDKs define.
    public static let standard: [PreApprovalScreenAction] = [.continue, .back, .close, .reject, .scan]
}
