public import FoundationEssentials

/// An amount as an attribute shows it: the number and currency, and the formatted strings the UI displays.
public struct AttributeAmount: Sendable, Hashable {
    /// The amount, when the server sent it.
    public var amount: Decimal?
    /// The currency code, when the server sent it.
    public var currency: String?
    /// `amountFormatted`, else the decimal's string form of `amount`.
    public var amountFormatted: String
    /// `currencyFormatted`, else `currency`.
    public var currencyFormatted: String
    /// `valueFormatted` (amount with currency), when sent.
    public var valueFormatted: String?

    /// Makes an amount.
    public init(
        amount: Decimal?, currency: String?, amountFormatted: String, currencyFormatted: String,
        valueFormatted: String? = nil
    ) {
        self.amount = amount
        self.currency = currency
        self.amountFormatted = amountFormatted
        self.currencyFormatted = currencyFormatted
        self.valueFormatted = valueFormatted
    }
}
