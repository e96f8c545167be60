import Foundation
import Testing

/// Loads test vectors from the bundled `Fixtures` folder (copied from ../shared/vectors/powerauth).
enum Fixture {
    static var root: URL {
        get throws { try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil)) }
    }

    static func data(_ path: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent(path))
    }

    static func decode<T: Decodable>(_ type: T.Type, _ path: String) throws -> T {
        try JSONDecoder().decode(T.self, from: data(path))
    }

    /// An upstream file: `{"description", "data": [{"input": {...}, "output": {...}}]}` with string values.
    static func upstream(_ path: String) throws -> [UpstreamItem] {
        try decode(UpstreamFile.self, path).data
    }

    static func base64(_ text: String?) throws -> Data {
        try #require(Data(base64Encoded: try #require(text)))
    }

    static func hex(_ text: String) throws -> Data {
        var bytes: [UInt8] = []
        var chars = Array(text.utf8).makeIterator()
        while let high = chars.next() {
            let low = try #require(chars.next())
            bytes.append(try #require(UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)))
        }
        return Data(bytes)
    }
}

struct UpstreamFile: Decodable {
    let data: [UpstreamItem]
}

struct UpstreamItem: Decodable {
    let input: [String: String]
    let output: [String: String]
}
