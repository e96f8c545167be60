import FoundationEssentials

extension OperationAttribute: Decodable {
    /// Decodes one attribute: `type`, `id` and `label` required, then the fields of the type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        let type = try container.value("type", as: String.self)
        let label = AttributeLabel(id: try container.value("id"), value: try container.value("label"))
        switch type {
        case "AMOUNT":
            self = .amount(label, try Self.amount(container, prefix: ""))
        case "AMOUNT_CONVERSION":
            self = .amountConversion(
                label, dynamic: try container.value("dynamic"), source: try Self.amount(container, prefix: "source"),
                target: try Self.amount(container, prefix: "target"))
        case "KEY_VALUE":
            self = .keyValue(label, value: try container.value("value"))
        case "NOTE":
            self = .note(label, note: try container.value("note"))
        case "HEADING":
            self = .heading(label)
        case "PARTY_INFO":
            let party = try container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("partyInfo"))
            // The SDK decodes both as `URL`: text `URL(string:)` refuses fails the attribute, which is dropped.
            let logo = try party.value("logoUrl", as: String.self)
            guard URL(string: logo) != nil else {
                throw DecodingError.dataCorruptedError(
                    forKey: JSONKey("logoUrl"), in: party, debugDescription: "logoUrl is not a URL")
            }
            self = .partyInfo(
                label,
                PartyInfo(
                    logoURL: logo, name: try party.value("name"),
                    description: try party.value("description"), websiteURL: try Self.url(party, "websiteUrl")))
        case "IMAGE":
            self = .image(
                label, thumbnailURL: try container.value("thumbnailUrl"), originalURL: container.lenient("originalUrl"))
        default:
            self = .unknown(label, type: type)
        }
    }

    /// An optional URL field as the SDK's `URL` decoding reads it: missing or null is nil; a string `URL(string:)`
    /// refuses, or any other value, throws.
    private static func url(_ container: KeyedDecodingContainer<JSONKey>, _ key: String) throws -> String? {
        guard let text = try container.optional(key, as: String.self) else { return nil }
        guard URL(string: text) != nil else {
            throw DecodingError.dataCorruptedError(
                forKey: JSONKey(key), in: container, debugDescription: "\(key) is not a URL")
        }
        return text
    }

    /// `{prefix}Amount` etc.; the formatted strings fall back to the number's decimal form and the currency.
    private static func amount(_ container: KeyedDecodingContainer<JSONKey>, prefix: String) throws -> AttributeAmount {
        func key(_ name: String) -> String {
            prefix.isEmpty ? name : prefix + name.prefix(1).uppercased() + name.dropFirst()
        }
        let amount = try container.optional(key("amount"), as: Decimal.self)
        let currency = try container.optional(key("currency"), as: String.self)
        guard
            let amountFormatted = try container.optional(key("amountFormatted"), as: String.self) ?? amount?.description
        else {
            throw DecodingError.keyNotFound(
                JSONKey(key("amount")),
                DecodingError.Context(codingPath: container.codingPath, debugDescription: "no amount"))
        }
        guard let currencyFormatted = try container.optional(key("currencyFormatted"), as: String.self) ?? currency
        else {
            throw DecodingError.keyNotFound(
                JSONKey(key("currency")),
                DecodingError.Context(codingPath: container.codingPath, debugDescription: "no currency"))
        }
        return AttributeAmount(
            amount: amount, currency: currency, amountFormatted: amountFormatted, currencyFormatted: currencyFormatted,
            valueFormatted: try container.optional(key("valueFormatted")))
    }
}
