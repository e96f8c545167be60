/// What the user sees: title, message, attributes and result texts.
public struct OperationFormData: Sendable, Hashable {
    /// The title.
    public var title: String
    /// The message.
    public var message: String
    /// The attributes that decoded (failed ones are dropped, as on iOS).
    public var attributes: [OperationAttribute]
    /// Result texts, nil when missing or malformed.
    public var resultTexts: ResultTexts?

    /// Makes form data.
    public init(
        title: String, message: String, attributes: [OperationAttribute] = [], resultTexts: ResultTexts? = nil
    ) {
        self.title = title
        self.message = message
        self.attributes = attributes
        self.resultTexts = resultTexts
    }
}
