/// One attribute of an operation's form data. Unknown types (and `ALERT`) become `unknown`, keeping the label.
public enum OperationAttribute: Sendable, Hashable {
    /// `AMOUNT`.
    case amount(AttributeLabel, AttributeAmount)
    /// `AMOUNT_CONVERSION`: source and target amounts; `dynamic` when the rate may change.
    case amountConversion(AttributeLabel, dynamic: Bool, source: AttributeAmount, target: AttributeAmount)
    /// `KEY_VALUE`.
    case keyValue(AttributeLabel, value: String)
    /// `NOTE`.
    case note(AttributeLabel, note: String)
    /// `HEADING`.
    case heading(AttributeLabel)
    /// `PARTY_INFO`.
    case partyInfo(AttributeLabel, PartyInfo)
    /// `IMAGE`: a thumbnail and, optionally, the original.
    case image(AttributeLabel, thumbnailURL: String, originalURL: String?)
    /// Any other type, named by `type`.
    case unknown(AttributeLabel, type: String)

    /// The label.
    public var label: AttributeLabel {
        switch self {
        case .amount(let label, _), .amountConversion(let label, _, _, _), .keyValue(let label, _),
            .note(let label, _), .heading(let label), .partyInfo(let label, _), .image(let label, _, _),
            .unknown(let label, _):
            label
        }
    }

    /// The type name: `AMOUNT`, `KEY_VALUE`, ..., or `UNKNOWN`.
    public var typeName: String {
        switch self {
        case .amount: "AMOUNT"
        case .amountConversion: "AMOUNT_CONVERSION"
        case .keyValue: "KEY_VALUE"
        case .note: "NOTE"
        case .heading: "HEADING"
        case .partyInfo: "PARTY_INFO"
        case .image: "IMAGE"
        case .unknown: "UNKNOWN"
        }
    }
}
