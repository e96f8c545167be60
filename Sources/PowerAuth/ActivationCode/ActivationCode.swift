public import FoundationEssentials
public import QRAuthCrypto

/// A PowerAuth 3 activation code: `XXXXX-XXXXX-XXXXX-XXXXX`, Base32 of 10 random bytes and their CRC-16/ARC.
///
/// Only the canonical spelling is accepted: the server looks activations up by the exact string, so a spelling
/// whose last symbol has non-zero pad bits is refused even though it decodes to the same bytes.
public struct ActivationCode: Sendable, Hashable, CustomStringConvertible {
    /// The code's length with dashes.
    public static let length = 23
    /// The number of random bytes in a code.
    public static let randomByteCount = 10
    /// Dash positions (0-based).
    static let dashPositions: Set<Int> = [5, 11, 17]

    /// The canonical text, e.g. `VVVVV-VVVVV-VVVVV-VTFVA`.
    public let value: String

    /// Validates `text`: length 23, dashes at 6, 12 and 18, Base32 symbols, canonical form, CRC.
    public init(validating text: String) throws(PowerAuthError) {
        let characters = Array(text.utf8)
        guard text.count == Self.length, characters.count == Self.length else {
            throw PowerAuthError(
                .activationCode,
                "an activation code has \(Self.length) characters (XXXXX-XXXXX-XXXXX-XXXXX), not \(text.count)")
        }
        var symbols: [UInt8] = []
        for (index, character) in characters.enumerated() {
            if Self.dashPositions.contains(index) {
                guard character == UInt8(ascii: "-") else {
                    throw PowerAuthError(.activationCode, "the activation code needs a dash at position \(index + 1)")
                }
            } else {
                guard ActivationCodeBase32.value(of: character) != nil else {
                    throw PowerAuthError(
                        .activationCode,
                        "the activation code has a character at position \(index + 1) that is not A–Z or 2–7")
                }
                symbols.append(character)
            }
        }
        let bytes = ActivationCodeBase32.decode(symbols)
        guard ActivationCodeBase32.encode(bytes) == symbols else {
            throw PowerAuthError(
                .activationCode, "the activation code is not in canonical form (its last character is wrong)")
        }
        let expected = CRC16ARC.checksum(bytes.prefix(Self.randomByteCount))
        guard UInt16(bytes[10]) << 8 | UInt16(bytes[11]) == expected else {
            throw PowerAuthError(
                .activationCode, "the activation code's checksum does not match (a character is mistyped)")
        }
        value = text
    }

    /// The code for 10 random bytes.
    public init(randomBytes: some DataProtocol) throws(PowerAuthError) {
        guard randomBytes.count == Self.randomByteCount else {
            throw PowerAuthError(
                .length, "an activation code needs \(Self.randomByteCount) random bytes, not \(randomBytes.count)")
        }
        var bytes = Array(randomBytes)
        let crc = CRC16ARC.checksum(bytes)
        bytes += [UInt8(crc >> 8), UInt8(crc & 0xFF)]
        let symbols = ActivationCodeBase32.encode(bytes)
        var text = ""
        for (index, symbol) in symbols.enumerated() {
            if index > 0, index % 5 == 0 { text.append("-") }
            text.append(Character(Unicode.Scalar(symbol)))
        }
        value = text
    }

    /// A fresh code from `randomBytes(10)` (OpenSSL's generator by default).
    public static func generate(
        randomBytes: (Int) -> Data = { SecureRandom.bytes(count: $0) }
    ) throws(PowerAuthError) -> ActivationCode {
        try ActivationCode(randomBytes: randomBytes(randomByteCount))
    }

    /// The 12 decoded bytes: 10 random bytes, then the CRC big-endian.
    public var bytes: Data {
        Data(ActivationCodeBase32.decode(Array(value.utf8).filter { $0 != UInt8(ascii: "-") }))
    }

    /// The code text.
    public var description: String { value }

    /// The UI helper for typing a code: upper-cases letters, maps `0` to `O` and `1` to `I`, and returns nil for
    /// any other character that is not in the alphabet.
    public static func correctTypedCharacter(_ character: Character) -> Character? {
        switch character {
        case "0": return "O"
        case "1": return "I"
        default:
            guard let ascii = character.asciiValue else { return nil }
            let upper = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(ascii) ? ascii - 32 : ascii
            return ActivationCodeBase32.value(of: upper) == nil ? nil : Character(Unicode.Scalar(upper))
        }
    }
}
