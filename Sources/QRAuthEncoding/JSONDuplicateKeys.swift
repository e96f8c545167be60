/// Finds a key that appears twice in one JSON object. Decoders disagree on such documents (one
/// keeps the first value, another the last), so every JSON file qrauth reads is refused when this
/// finds one: the activation files, powerauth-cmd-tool status and config files and the `serve`
/// state. Keys are compared after unescaping (`"a"` and `"\u0061"` are one key).
///
/// This is a detector, not a parser: malformed JSON is left to the decoder that reads the document,
/// so on text that is not JSON it answers nil. Pure, iterative (deep nesting cannot exhaust the
/// stack), linear in the input.
package enum JSONDuplicateKeys {
    /// The path of the first repeated key, e.g. `fingerprints[2].name`, or nil when there is none.
    package static func first(in data: some Collection<UInt8>) -> String? {
        var scanner = Scanner(bytes: Array(data))
        return scanner.run()
    }

    private struct Container {
        /// Keys seen so far when this is an object; nil for an array.
        var keys: Set<[UInt8]>?
        /// The member name or element index this container was reached by.
        var label: String
        var index = 0
    }

    private struct Scanner {
        let bytes: [UInt8]
        var position = 0
        var stack: [Container] = []
        /// The key read last in the innermost object, named in the path of what follows it.
        var pendingKey: [UInt8]?

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func run() -> String? {
            while position < bytes.count {
                let byte = bytes[position]
                switch byte {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    let label = childLabel()
                    stack.append(Container(keys: byte == UInt8(ascii: "{") ? [] : nil, label: label))
                    position += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    guard !stack.isEmpty else { return nil }
                    stack.removeLast()
                    position += 1
                case UInt8(ascii: ","):
                    if !stack.isEmpty, stack[stack.count - 1].keys == nil { stack[stack.count - 1].index += 1 }
                    position += 1
                case UInt8(ascii: "\""):
                    guard let string = readString() else { return nil }
                    if isKey() {
                        guard stack[stack.count - 1].keys!.insert(string).inserted else {
                            return path(ending: String(decoding: string, as: UTF8.self))
                        }
                        pendingKey = string
                    }
                default:
                    position += 1
                }
            }
            return nil
        }

        /// Whether the string just read is an object member name: inside an object, followed by ':'.
        private func isKey() -> Bool {
            guard let top = stack.last, top.keys != nil else { return false }
            var index = position
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
            return index < bytes.count && bytes[index] == UInt8(ascii: ":")
        }

        private func childLabel() -> String {
            guard let top = stack.last else { return "" }
            if top.keys == nil { return "[\(top.index)]" }
            return pendingKey.map { String(decoding: $0, as: UTF8.self) } ?? ""
        }

        private func path(ending key: String) -> String {
            var text = ""
            for container in stack.dropFirst() {
                if container.label.hasPrefix("[") || text.isEmpty {
                    text += container.label
                } else {
                    text += "." + container.label
                }
            }
            return text.isEmpty ? key : text + "." + key
        }

        /// Reads a string starting at the opening quote; returns its unescaped UTF-8 bytes.
        private mutating func readString() -> [UInt8]? {
            position += 1
            var out: [UInt8] = []
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                if byte == UInt8(ascii: "\"") { return out }
                guard byte == UInt8(ascii: "\\") else {
                    out.append(byte)
                    continue
                }
                guard position < bytes.count else { return nil }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    guard let unit = readHex4() else { return nil }
                    var scalarValue = UInt32(unit)
                    if (0xD800...0xDBFF).contains(unit), position + 1 < bytes.count,
                        bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
                    {
                        let saved = position
                        position += 2
                        if let low = readHex4(), (0xDC00...0xDFFF).contains(low) {
                            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                        } else {
                            position = saved
                        }
                    }
                    let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: out.append(escape)
                }
            }
            return nil
        }

        private mutating func readHex4() -> UInt16? {
            guard position + 4 <= bytes.count else { return nil }
            var value: UInt16 = 0
            for byte in bytes[position..<position + 4] {
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt16(digit)
            }
            position += 4
            return value
        }
    }
}
