/// A coding key made from any string.
package struct JSONKey: CodingKey, Hashable {
    package let stringValue: String
    package var intValue: Int? { nil }

    package init(_ string: String) {
        self.stringValue = string
    }

    package init?(stringValue: String) {
        self.stringValue = stringValue
    }

    package init?(intValue: Int) {
        return nil
    }
}
