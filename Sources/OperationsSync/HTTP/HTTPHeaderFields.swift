/// An ordered list of header fields with case-insensitive lookup by name.
public struct HTTPHeaderFields: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// The fields in the order they are sent or were received.
    public private(set) var fields: [HTTPHeaderField]

    /// Makes a list from fields, keeping their order.
    public init(_ fields: [HTTPHeaderField] = []) {
        self.fields = fields
    }

    /// Makes a list from a literal: `["Accept": "application/json"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.fields = elements.map { HTTPHeaderField(name: $0.0, value: $0.1) }
    }

    /// The first value of a header (any case), or nil; setting replaces every field of that name.
    public subscript(name: String) -> String? {
        get { fields.first { Self.same($0.name, name) }?.value }
        set {
            if let newValue {
                set(name: name, value: newValue)
            } else {
                remove(name: name)
            }
        }
    }

    /// Every value of a header, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.same($0.name, name) }.map(\.value)
    }

    /// Whether a header of that name (any case) is present.
    public func contains(name: String) -> Bool {
        fields.contains { Self.same($0.name, name) }
    }

    /// Appends a field, keeping existing ones of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(HTTPHeaderField(name: name, value: value))
    }

    /// Replaces every field of that name with one field (at the first one's position, or at the end).
    public mutating func set(name: String, value: String) {
        if let index = fields.firstIndex(where: { Self.same($0.name, name) }) {
            fields[index] = HTTPHeaderField(name: name, value: value)
            var seen = false
            fields.removeAll { field in
                guard Self.same(field.name, name) else { return false }
                defer { seen = true }
                return seen
            }
        } else {
            add(name: name, value: value)
        }
    }

    /// Removes every field of that name.
    public mutating func remove(name: String) {
        fields.removeAll { Self.same($0.name, name) }
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[HTTPHeaderField]> {
        fields.makeIterator()
    }

    static func same(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count && lhs.lowercased() == rhs.lowercased()
    }
}
