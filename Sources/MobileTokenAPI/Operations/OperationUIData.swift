/// Presentation hints of an operation; every part is optional and decoded leniently.
public struct OperationUIData: Sendable, Hashable {
    /// Swap the approve and reject buttons.
    public var flipButtons: Bool?
    /// Block the approval while a phone call is active.
    public var blockApprovalOnCall: Bool?
    /// A screen before the approval.
    public var preApprovalScreen: PreApprovalScreen?
    /// A screen after the approval.
    public var postApprovalScreen: PostApprovalScreen?

    /// Makes UI data.
    public init(
        flipButtons: Bool? = nil, blockApprovalOnCall: Bool? = nil, preApprovalScreen: PreApprovalScreen? = nil,
        postApprovalScreen: PostApprovalScreen? = nil
    ) {
        self.flipButtons = flipButtons
        self.blockApprovalOnCall = blockApprovalOnCall
        self.preApprovalScreen = preApprovalScreen
        self.postApprovalScreen = postApprovalScreen
    }
}
