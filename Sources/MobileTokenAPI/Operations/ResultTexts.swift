/// Texts the app shows after an approval, a failure or a rejection.
public struct ResultTexts: Sendable, Hashable, Codable {
    /// After a successful approval.
    public var success: String?
    /// After a failed approval.
    public var failure: String?
    /// After a rejection.
    public var reject: String?

    /// Makes texts.
    public init(success: String? = nil, failure: String? = nil, reject: String? = nil) {
        self.success = success
        self.failure = failure
        self.reject = reject
    }
}
