/// One element of an attribute array: the attribute, or nil when it did not decode.
struct LenientAttribute: Decodable {
    let attribute: OperationAttribute?

    init(from decoder: any Decoder) throws {
        attribute = try? OperationAttribute(from: decoder)
    }
}
