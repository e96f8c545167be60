import Foundation
import Testing

@testable import QRImaging

/// A folder of the test fixtures (`Fixtures/NAME`) and the rows of its `manifest.tsv`: tab-separated fields,
/// lines starting with `#` skipped, every row checked to have `columns` fields.
struct FixtureManifest {
    let folder: URL
    let rows: [[String]]

    init(_ name: String, columns: Int) throws {
        folder = try Self.folder(name)
        let text = try String(contentsOf: folder.appendingPathComponent("manifest.tsv"), encoding: .utf8)
        rows = try text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t").map(String.init)
            try #require(fields.count == columns, "bad line in \(name)/manifest.tsv: \(line)")
            return fields
        }
    }

    /// The contents of the fixture `file` of this folder.
    func data(_ file: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(file))
    }

    /// The fixture folder `name`.
    static func folder(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil)).appendingPathComponent(name)
    }

    /// The fixture `file` of folder `name`, decoded.
    static func image(_ name: String, _ file: String) throws -> GrayImage {
        try ImageDecoder.decode(Data(contentsOf: folder(name).appendingPathComponent(file)))
    }
}
