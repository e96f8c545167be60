import Foundation
import QRAuthTestSupport
import Testing

/// Loads test vectors from the bundled `Fixtures` folder (copied from ../shared/vectors/powerauth).
enum Fixture {
    static var root: URL {
        get throws { try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil)) }
    }

    static func data(_ path: String) throws -> Data {
        try SharedFixtures.data(path, in: root)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ path: String) throws -> T {
        try JSONDecoder().decode(T.self, from: data(path))
    }

    /// An upstream file: `{"description", "data": [{"input": {...}, "output": {...}}]}` with string values.
    static func upstream(_ path: String) throws -> [Fixture.UpstreamItem] {
        try decode(Fixture.UpstreamFile.self, path).data
    }

    static func base64(_ text: String?) throws -> Data {
        let text = try #require(text)
        return try #require(Data(base64Encoded: text))
    }

    static func hex(_ text: String) throws -> Data {
        let chars = Array(text.utf8)
        try #require(chars.count % 2 == 0)
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: chars.count, by: 2) {
            let pair = String(decoding: chars[index..<index + 2], as: UTF8.self)
            let byte = try #require(UInt8(pair, radix: 16))
            bytes.append(byte)
        }
        return Data(bytes)
    }

    /// An upstream vector file.
    struct UpstreamFile: Decodable {
        let data: [UpstreamItem]
    }

    /// One upstream item: string inputs and outputs.
    struct UpstreamItem: Decodable {
        let input: [String: String]
        let output: [String: String]
    }
}
