import HTTPTypes

extension HTTPFields {
    /// The first value of a header named by text (any case), as the tests read headers; nil when absent.
    subscript(_ name: String) -> String? {
        HTTPField.Name(name).flatMap { self[fields: $0].first?.value }
    }

    /// Every value of a header named by text, in order.
    func values(for name: String) -> [String] {
        HTTPField.Name(name).map { self[values: $0] } ?? []
    }
}
