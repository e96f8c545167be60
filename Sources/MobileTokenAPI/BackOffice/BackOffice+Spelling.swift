public import OfflineOperations

extension BackOffice {
    /// A value the back-office REST API spells its own way: `SignatureType` upper-cased (`POSSESSION_KNOWLEDGE`), and
    /// arrays and optionals of such values.
    public protocol SpelledValue: Sendable, Hashable {
        /// Reads the value in the back office's spelling.
        init(backOfficeSpellingFrom decoder: any Decoder) throws
        /// Writes the value in the back office's spelling.
        func encode(backOfficeSpellingTo encoder: any Encoder) throws
    }

    /// Codes the wrapped value in the back office's spelling, so a body holds the one `SignatureType` and still reads
    /// and writes `POSSESSION_KNOWLEDGE`: `@BackOffice.Spelling public var signatureType: [SignatureType]`. An
    /// optional value is omitted when nil and may be missing, as a plain optional property.
    @propertyWrapper
    public struct Spelling<Value: SpelledValue>: Sendable, Hashable, Codable {
        /// The value.
        public var wrappedValue: Value

        /// Wraps `wrappedValue`.
        public init(wrappedValue: Value) {
            self.wrappedValue = wrappedValue
        }

        /// Reads the value in the back office's spelling.
        public init(from decoder: any Decoder) throws {
            wrappedValue = try Value(backOfficeSpellingFrom: decoder)
        }

        /// Writes the value in the back office's spelling.
        public func encode(to encoder: any Encoder) throws {
            try wrappedValue.encode(backOfficeSpellingTo: encoder)
        }
    }
}

extension SignatureType: BackOffice.SpelledValue {
    /// The back office's name: the raw value upper-cased (`POSSESSION_KNOWLEDGE`).
    public var backOfficeName: String { rawValue.uppercased() }

    /// The type the back office names `name` (`POSSESSION_KNOWLEDGE`; exact spelling, as the server's enum reads it).
    public init?(backOfficeName name: String) {
        guard let type = Self.allCases.first(where: { $0.backOfficeName == name }) else { return nil }
        self = type
    }

    /// Reads `POSSESSION_KNOWLEDGE`.
    public init(backOfficeSpellingFrom decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let type = Self(backOfficeName: name) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Cannot initialize SignatureType from invalid String value \(name)")
        }
        self = type
    }

    /// Writes `POSSESSION_KNOWLEDGE`.
    public func encode(backOfficeSpellingTo encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(backOfficeName)
    }
}

extension Array: BackOffice.SpelledValue where Element: BackOffice.SpelledValue {
    /// Reads each element in the back office's spelling.
    public init(backOfficeSpellingFrom decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        while !container.isAtEnd {
            elements.append(try container.decode(BackOffice.Spelling<Element>.self).wrappedValue)
        }
        self = elements
    }

    /// Writes each element in the back office's spelling.
    public func encode(backOfficeSpellingTo encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for element in self { try container.encode(BackOffice.Spelling(wrappedValue: element)) }
    }
}

extension Optional: BackOffice.SpelledValue where Wrapped: BackOffice.SpelledValue {
    /// Reads null as nil, anything else in the back office's spelling.
    public init(backOfficeSpellingFrom decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = container.decodeNil() ? nil : try Wrapped(backOfficeSpellingFrom: decoder)
    }

    /// Writes nil as null, anything else in the back office's spelling.
    public func encode(backOfficeSpellingTo encoder: any Encoder) throws {
        guard let self else {
            var container = encoder.singleValueContainer()
            try container.encodeNil()
            return
        }
        try self.encode(backOfficeSpellingTo: encoder)
    }
}

extension KeyedDecodingContainer {
    /// An optional in the back office's spelling may be missing, as a plain optional property.
    public func decode<Wrapped>(
        _ type: BackOffice.Spelling<Wrapped?>.Type, forKey key: Key
    ) throws -> BackOffice.Spelling<Wrapped?> {
        BackOffice.Spelling(
            wrappedValue: try decodeIfPresent(BackOffice.Spelling<Wrapped>.self, forKey: key)?.wrappedValue)
    }
}

extension KeyedEncodingContainer {
    /// A nil optional in the back office's spelling is left out, as a plain optional property.
    public mutating func encode<Wrapped>(_ value: BackOffice.Spelling<Wrapped?>, forKey key: Key) throws {
        try encodeIfPresent(value.wrappedValue.map(BackOffice.Spelling.init(wrappedValue:)), forKey: key)
    }
}
