public import FoundationEssentials

/// One visit of a pre-approval screen, an entry of `mobileTokenData.preApprovalScreens` (mtoken-sdk-ios
/// `WMTPreApprovalScreensRecorder`): which screen, when it opened and closed, and the action that closed it.
public struct PreApprovalScreenVisit: Sendable, Hashable {
    /// The screen's name.
    public var screen: String
    /// When it opened (server-synchronised time).
    public var timestampOpened: Date
    /// When it closed; nil while open.
    public var timestampClosed: Date?
    /// What closed it; nil when it closed without an action.
    public var action: PreApprovalScreenAction?

    /// Makes a visit.
    public init(
        screen: String, timestampOpened: Date, timestampClosed: Date? = nil, action: PreApprovalScreenAction? = nil
    ) {
        self.screen = screen
        self.timestampOpened = timestampOpened
        self.timestampClosed = timestampClosed
        self.action = action
    }
}

extension PreApprovalScreenVisit: Codable {
    /// `screen` and `timestampOpened` are required; a bad `timestampClosed` or `action` reads as absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        screen = try container.value("screen")
        timestampOpened = try container.timestamp("timestampOpened")
        timestampClosed = try? container.timestamp("timestampClosed")
        action = container.lenient("action", as: String.self).map(PreApprovalScreenAction.init(rawValue:))
    }

    /// Encodes the dates as `yyyy-MM-ddTHH:mm:ssZ` in UTC; absent values are left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(screen, forKey: JSONKey("screen"))
        try container.encodeTimestamp(timestampOpened, "timestampOpened")
        try container.encodeTimestamp(timestampClosed, "timestampClosed")
        try container.encodeIfPresent(action, forKey: JSONKey("action"))
    }
}
