/// A strict RFC 8259 parser: UTF-8 only, no trailing text, no repeated keys, bounded nesting.
/// Pure Swift, no I/O, so it can be fuzzed.
struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    private static let maximumDepth = 64

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses one JSON document.
    static func parse(_ data: some Sequence<UInt8>) throws(FingerprintListError) -> OrderedJSON {
        var bytes = Array(data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw FingerprintListError(.malformedJSON, "the JSON text is not valid UTF-8")
        }
        var parser = JSONParser(bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.failure("unexpected text after the JSON document") }
        return value
    }

    private func failure(_ message: String) -> FingerprintListError {
        var line = 1
        var column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return FingerprintListError(.malformedJSON, "JSON line \(line) column \(column): \(message)")
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func parseValue() throws(FingerprintListError) -> OrderedJSON {
        guard index < bytes.count else { throw failure("the JSON text ends early") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("unexpected character")
        }
    }

    private mutating func parseLiteral(_ word: String, _ value: OrderedJSON) throws(FingerprintListError) -> OrderedJSON
    {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw failure("unexpected character")
        }
        index += expected.count
        return value
    }

    private mutating func enter() throws(FingerprintListError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw failure("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject() throws(FingerprintListError) -> OrderedJSON {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [(key: String, value: OrderedJSON)] = []
        var seen = Set<String>()
        if closesAtOnce("}") { return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key") }
            let keyStart = index
            let key = try parseString()
            guard seen.insert(key).inserted else {
                index = keyStart
                throw failure("the key \"\(key)\" appears twice")
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue()))
            if try closesAfterItem("}", inside: "an object") { return .object(members) }
        }
    }

    private mutating func parseArray() throws(FingerprintListError) -> OrderedJSON {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [OrderedJSON] = []
        if closesAtOnce("]") { return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            if try closesAfterItem("]", inside: "an array") { return .array(elements) }
        }
    }

    /// Right after `{` or `[`: consumes white space and `closing` if it follows (the object or array is empty).
    private mutating func closesAtOnce(_ closing: Unicode.Scalar) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: closing) else { return false }
        index += 1
        return true
    }

    /// After a member or element: consumes white space and `,` (false: another follows) or `closing` (true: done).
    private mutating func closesAfterItem(
        _ closing: Unicode.Scalar, inside container: String
    ) throws(FingerprintListError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw failure("the JSON text ends inside \(container)") }
        if bytes[index] == UInt8(ascii: ",") {
            index += 1
            return false
        }
        guard bytes[index] == UInt8(ascii: closing) else { throw failure("expected ',' or '\(closing)'") }
        index += 1
        return true
    }

    private mutating func parseNumber() throws(FingerprintListError) -> OrderedJSON {
        let start = index
        func digits(_ parser: inout JSONParser) -> Int {
            let begin = parser.index
            while parser.index < parser.bytes.count, (0x30...0x39).contains(parser.bytes[parser.index]) {
                parser.index += 1
            }
            return parser.index - begin
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits(&self)
        guard integerDigits > 0 else { throw failure("a number needs digits") }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") { throw failure("a number has a leading zero") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw failure("a number needs digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits(&self) > 0 else { throw failure("a number needs digits in its exponent") }
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    private mutating func parseString() throws(FingerprintListError) -> String {
        index += 1
        // Fast path: no escapes, so the string is a slice of the (already UTF-8 validated) input.
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            index += 1
        }
        var utf8 = Array(bytes[start..<index])
        while true {
            guard index < bytes.count else { throw failure("a string is not closed") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            }
            if byte < 0x20 { throw failure("a control character inside a string must be escaped") }
            if byte != UInt8(ascii: "\\") {
                utf8.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { throw failure("a string is not closed") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                let first = try parseHex4()
                var value = first
                if (0xD800...0xDBFF).contains(first) {
                    guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    else { throw failure("a lone surrogate in a \\u escape") }
                    index += 2
                    let second = try parseHex4()
                    guard (0xDC00...0xDFFF).contains(second) else { throw failure("a lone surrogate in a \\u escape") }
                    value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(value) else { throw failure("a lone surrogate in a \\u escape") }
                if let encoded = UTF8.encode(scalar) { utf8.append(contentsOf: encoded) }
            default: throw failure("an invalid escape in a string")
            }
        }
    }

    private mutating func parseHex4() throws(FingerprintListError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw failure("a \\u escape needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw failure("a \\u escape needs four hex digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
