extension BackOffice {
    /// A template as the server answers it (`OperationTemplateDetailResponse`): its id and the fields it was created
    /// with, in one flat JSON object. The fields read through: `detail.templateName` is `detail.template.templateName`.
    @dynamicMemberLookup
    public struct OperationTemplateDetailResponse: Sendable, Hashable, Codable {
        /// The template's id.
        public var id: Int64
        /// Its name, operation type, data template, factors, limits and flags, as `operation/template/create` takes.
        public var template: OperationTemplateCreateRequest

        /// Makes a body.
        public init(id: Int64, template: OperationTemplateCreateRequest) {
            self.id = id
            self.template = template
        }

        /// A field of the template.
        public subscript<Value>(dynamicMember field: WritableKeyPath<OperationTemplateCreateRequest, Value>) -> Value {
            get { template[keyPath: field] }
            set { template[keyPath: field] = newValue }
        }

        private enum CodingKeys: String, CodingKey {
            case id
        }

        /// Reads `id` and the template's fields from the one object.
        public init(from decoder: any Decoder) throws {
            id = try decoder.container(keyedBy: CodingKeys.self).decode(Int64.self, forKey: .id)
            template = try OperationTemplateCreateRequest(from: decoder)
        }

        /// Writes `id` and the template's fields into the one object.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try template.encode(to: encoder)
        }
    }
}
