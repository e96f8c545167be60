/// A screen shown before the approval (a warning, information or a QR scan request).
public struct PreApprovalScreen: Sendable, Hashable {
    /// The screen type; unknown values become `unknown`.
    public enum Kind: String, Sendable, Hashable {
        /// A warning.
        case warning = "WARNING"
        /// Information.
        case info = "INFO"
        /// Scan a QR code (proximity check) first.
        case qrScan = "QR_SCAN"
        /// A type this client does not know.
        case unknown = "UNKNOWN"
    }

    /// How the approval is confirmed on this screen.
    public enum ApprovalType: String, Sendable, Hashable {
        /// A slider.
        case slider = "SLIDER"
    }

    /// The type.
    public var type: Kind
    /// The heading.
    public var heading: String
    /// The message.
    public var message: String
    /// Bullet items.
    public var items: [String]?
    /// The approval type; unknown values become nil.
    public var approvalType: ApprovalType?

    /// Makes a screen.
    public init(
        type: Kind, heading: String, message: String, items: [String]? = nil, approvalType: ApprovalType? = nil
    ) {
        self.type = type
        self.heading = heading
        self.message = message
        self.items = items
        self.approvalType = approvalType
    }
}
