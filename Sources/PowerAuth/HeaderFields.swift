import FoundationEssentials
import QRAuthEncoding

/// The `PowerAuth key="value", key="value"` syntax shared by both headers; field order is free.
enum HeaderFields {
    /// Extracts the pairs after the `PowerAuth ` prefix; throws when the syntax is broken or a key repeats.
    static func parse(_ value: String, header: String) throws(PowerAuthError) -> [String: String] {
        let trimmed = value.trimmingWhitespace()
        guard trimmed.hasPrefix("PowerAuth ") else {
            throw PowerAuthError(.header, "\(header) must start with 'PowerAuth '")
        }
        var rest = Substring(trimmed.dropFirst("PowerAuth ".count))
        var fields: [String: String] = [:]
        while true {
            rest = rest.drop { $0 == " " || $0 == "," || $0 == "\t" }
            if rest.isEmpty { break }
            guard let equals = rest.firstIndex(of: "=") else {
                throw PowerAuthError(.header, "\(header) has text that is not a key=\"value\" pair")
            }
            let key = String(rest[..<equals])
            guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                throw PowerAuthError(.header, "\(header) has a malformed field name '\(key.prefix(40))'")
            }
            rest = rest[rest.index(after: equals)...]
            guard rest.first == "\"" else {
                throw PowerAuthError(.header, "\(header) field \(key) has no quoted value")
            }
            rest = rest.dropFirst()
            guard let close = rest.firstIndex(of: "\"") else {
                throw PowerAuthError(.header, "\(header) field \(key) has no closing quote")
            }
            guard fields[key] == nil else {
                throw PowerAuthError(.header, "\(header) field \(key) appears twice")
            }
            fields[key] = String(rest[..<close])
            rest = rest[rest.index(after: close)...]
        }
        return fields
    }

    /// The non-empty value of `key`, or the error naming the missing field.
    static func required(_ key: String, in fields: [String: String], header: String) throws(PowerAuthError) -> String {
        guard let text = fields[key], !text.isEmpty else {
            throw PowerAuthError(.header, "\(header) lacks the field \(key)")
        }
        return text
    }

    /// A parsed header value with the header's name for its errors: `fields("key")` is a required field.
    struct Parsed {
        let fields: [String: String]
        let header: String

        init(_ value: String, header: String) throws(PowerAuthError) {
            fields = try HeaderFields.parse(value, header: header)
            self.header = header
        }

        /// The non-empty value of `key` (see `HeaderFields.required`).
        func callAsFunction(_ key: String) throws(PowerAuthError) -> String {
            try HeaderFields.required(key, in: fields, header: header)
        }

        /// Checks that the version field `key` is `expected` (`PowerAuthError.version` when not).
        func requireVersion(_ key: String, _ expected: String) throws(PowerAuthError) {
            guard try self(key) == expected else {
                throw PowerAuthError(.version, "\(header): \(key) is not \(expected)")
            }
        }
    }

    /// Builds `PowerAuth k1="v1", k2="v2"` in the given order.
    static func build(_ pairs: [(String, String)]) -> String {
        "PowerAuth " + pairs.map { "\($0.0)=\"\($0.1)\"" }.joined(separator: ", ")
    }

    /// Whether `text` is a UUID the server's validator accepts (version 1–5, RFC variant, any case).
    static func isValidUUID(_ text: String) -> Bool {
        let chars = Array(text.lowercased().utf8)
        guard chars.count == 36 else { return false }
        for (index, char) in chars.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard char == UInt8(ascii: "-") else { return false }
            } else {
                let isHex =
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(char)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(char)
                guard isHex else { return false }
            }
        }
        let versionNibble = chars[14]
        let variantNibble = chars[19]
        return (UInt8(ascii: "1")...UInt8(ascii: "5")).contains(versionNibble)
            && [UInt8(ascii: "8"), UInt8(ascii: "9"), UInt8(ascii: "a"), UInt8(ascii: "b")].contains(variantNibble)
    }
}
