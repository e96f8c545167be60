import Foundation
import QRImaging
import Testing

/// A QR module matrix stored as text in Fixtures (`1` = dark), rasterised into test images.
struct FixtureMatrix {
    let rows: [[Bool]]

    /// Loads `Fixtures/<name>`.
    init(named name: String) throws {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        rows = text.split(separator: "\n").map { line in line.map { $0 == "1" } }
    }

    /// The matrix drawn black on white, `scale` pixels per module, `margin` modules of quiet zone.
    func image(scale: Int, margin: Int = 4) -> GrayImage {
        let size = (rows.count + 2 * margin) * scale
        var image = GrayImage(width: size, height: size, fill: 255)
        for (y, row) in rows.enumerated() {
            for (x, dark) in row.enumerated() where dark {
                for dy in 0..<scale {
                    for dx in 0..<scale {
                        image[(x + margin) * scale + dx, (y + margin) * scale + dy] = 0
                    }
                }
            }
        }
        return image
    }
}
