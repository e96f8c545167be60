import Foundation
import QRAuthTestSupport
import Testing

/// Loads files from this target's `Fixtures` folder.
enum Fixtures {
    /// The Fixtures folder inside the test bundle.
    static var folder: URL {
        get throws { try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil)) }
    }

    /// The bytes of a fixture file.
    static func data(_ name: String) throws -> Data {
        try SharedFixtures.data(name, in: folder)
    }

    /// The text of a fixture file.
    static func text(_ name: String) throws -> String {
        String(decoding: try data(name), as: UTF8.self)
    }

    /// Decodes a fixture file whose items sit under a top-level `data` array.
    static func items<Item: Decodable>(_ name: String, as type: Item.Type = Item.self) -> [Item] {
        // Parameterised tests need the items at declaration time; a missing file gives no items, and
        // `FixtureInventoryTests` fails for it.
        guard
            let data = try? SharedFixtures.data(
                name, in: Bundle.module.url(forResource: "Fixtures", withExtension: nil)),
            let file = try? JSONDecoder().decode(VectorFile<Item>.self, from: data)
        else { return [] }
        return file.data
    }
}

/// A vector file: `{"description": ..., "data": [items]}`.
struct VectorFile<Item: Decodable>: Decodable {
    let data: [Item]
}

extension Data {
    /// Bytes from a hex string (either case); nil on odd length or a non-hex character.
    init?(hex: String) {
        let characters = Array(hex.utf8)
        guard characters.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count / 2)
        var index = 0
        while index < characters.count {
            guard let high = Self.nibble(characters[index]), let low = Self.nibble(characters[index + 1]) else {
                return nil
            }
            bytes.append(high << 4 | low)
            index += 2
        }
        self.init(bytes)
    }

    private static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Lower-case hex.
    var hex: String { map { String(format: "%02x", $0) }.joined() }
}
