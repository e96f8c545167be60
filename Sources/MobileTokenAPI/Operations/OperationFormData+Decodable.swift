extension OperationFormData: Decodable {
    /// Title and message required; attributes that fail are dropped; bad result texts give nil.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.title = try container.value("title")
        self.message = try container.value("message")
        let attributes = try container.optional("attributes", as: [LenientAttribute].self) ?? []
        self.attributes = attributes.compactMap(\.attribute)
        self.resultTexts = container.lenient("resultTexts")
    }
}
