/// The identifier and display label every attribute has.
public struct AttributeLabel: Sendable, Hashable, Codable {
    /// The attribute id, for example `operation.amount`.
    public var id: String
    /// The display label, for example `Amount`.
    public var value: String

    /// Makes a label.
    public init(id: String, value: String) {
        self.id = id
        self.value = value
    }
}
