/// The few string operations the modules used from Foundation's locale-aware `Foundation` module, written over
/// Unicode scalars so that they behave as Foundation's did (`CharacterSet` membership, literal matching) while the
/// modules import `FoundationEssentials` only (no ICU data in the binary).
extension Unicode.Scalar {
    /// Foundation's `CharacterSet.whitespaces`: general category Zs and U+0009 (tab).
    package var isFoundationWhitespace: Bool {
        value == 0x09 || properties.generalCategory == .spaceSeparator
    }

    /// Foundation's `CharacterSet.whitespacesAndNewlines`: `whitespaces` plus U+000A–U+000D, U+0085, U+2028, U+2029.
    package var isFoundationWhitespaceOrNewline: Bool {
        isFoundationWhitespace || (0x0A...0x0D).contains(value) || value == 0x85 || value == 0x2028
            || value == 0x2029
    }

    /// Foundation's `CharacterSet.controlCharacters`: general categories Cc and Cf.
    package var isFoundationControl: Bool {
        switch properties.generalCategory {
        case .control, .format: true
        default: false
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing scalars for which `isTrimmed` holds.
    package func trimmingScalars(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isTrimmed($0) })!
        var trimmed = String.UnicodeScalarView()
        trimmed.append(contentsOf: scalars[first...last])
        return String(trimmed)
    }

    /// As Foundation's `trimmingCharacters(in: .whitespaces)`.
    package func trimmingWhitespace() -> String {
        trimmingScalars(where: \.isFoundationWhitespace)
    }

    /// As Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)`.
    package func trimmingWhitespaceAndNewlines() -> String {
        trimmingScalars(where: \.isFoundationWhitespaceOrNewline)
    }

    /// Every occurrence of `target` replaced by `replacement`, matching scalar by scalar (Foundation's literal
    /// `replacingOccurrences(of:with:)`, which also matches inside a grapheme cluster such as CR LF).
    package func replacingEvery(_ target: String, with replacement: String) -> String {
        let needle = Array(target.unicodeScalars)
        let haystack = Array(unicodeScalars)
        guard !needle.isEmpty, haystack.count >= needle.count else { return String(self) }
        var result = String.UnicodeScalarView()
        var index = 0
        while index < haystack.count {
            if index + needle.count <= haystack.count, haystack[index..<index + needle.count].elementsEqual(needle) {
                result.append(contentsOf: replacement.unicodeScalars)
                index += needle.count
            } else {
                result.append(haystack[index])
                index += 1
            }
        }
        return String(result)
    }

    /// As Foundation's `padding(toLength:withPad: " ", startingAt: 0)`: padded with spaces or cut to `length`
    /// UTF-16 units.
    package func paddedWithSpaces(toLength length: Int) -> String {
        let units = Array(utf16)
        if units.count >= length { return String(decoding: units[..<length], as: UTF16.self) }
        return String(self) + String(repeating: " ", count: length - units.count)
    }
}

extension BinaryInteger {
    /// Lowercase hexadecimal with at least `width` digits (as `String(format: "%0<width>x", value)`).
    package func hexDigits(width: Int) -> String {
        let digits = String(self, radix: 16)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

extension Sequence<UInt8> {
    /// Lowercase hexadecimal, two digits a byte.
    package var lowercaseHex: String {
        map { $0.hexDigits(width: 2) }.joined()
    }
}
