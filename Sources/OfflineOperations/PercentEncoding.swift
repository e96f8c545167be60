/// Percent-decoding as Foundation's `removingPercentEncoding` does it: `%XX` becomes the byte, a
/// malformed escape or a result that is not UTF-8 fails; `+` stays `+`.
enum PercentEncoding {
    static func decode(_ text: some StringProtocol) -> String? {
        guard text.contains("%") else { return String(text) }
        var bytes: [UInt8] = []
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard input.count >= 2, let high = hex(input[input.startIndex]),
                let low = hex(input[input.startIndex + 1])
            else { return nil }
            bytes.append(high << 4 | low)
            input = input.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
