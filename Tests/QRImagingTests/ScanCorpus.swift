import Foundation
import QRAuthTestSupport
import QRImaging

/// The robustness corpus: codes from our generator, degraded per class, deterministically seeded.
enum ScanCorpus {
    /// A degradation class.
    enum Class: String, CaseIterable, Sendable {
        case clean, rotated, perspective, blur, noise, jpeg
        case lowContrast = "low-contrast"
        case inverted, tiny, huge, screenshot
    }

    /// One corpus image and the payload it must decode to.
    struct Sample: Sendable {
        let image: GrayImage
        let payload: Data
    }

    /// The payloads, cycled: an offline-operation-like string, Czech UTF-8, binary, a PAC deeplink.
    static func payload(_ index: Int, using generator: inout SeededGenerator) -> Data {
        switch index % 4 {
        case 0:
            let amount = Int.random(in: 1...99_999, using: &generator)
            return Data("5ff1b1ed\nPlatba\nČástka \(amount) Kč\\n\\\\\nA1*A\(amount)CZK*Q\nB\n\(amount)".utf8)
        case 1:
            return Data("Žádost o platbu \(Int.random(in: 1...9999, using: &generator)) Kč".utf8)
        case 2:
            return Data(
                (0..<Int.random(in: 12...40, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator)
                })
        default:
            return Data("mtoken://pac?oid=\(UInt32.random(in: 0...UInt32.max, using: &generator))&potp=1234".utf8)
        }
    }

    /// `count` samples of `kind`, the same on every run.
    static func samples(_ kind: Class, count: Int) throws -> [Sample] {
        let seed = UInt64(Class.allCases.firstIndex(of: kind)! + 1) * 7919
        var generator = SeededGenerator(seed: seed)
        return try (0..<count).map { index in
            let payload = payload(index, using: &generator)
            let matrix = try QRCodeGenerator.encode(payload)
            let image = try degrade(matrix, kind, using: &generator)
            return Sample(image: image, payload: payload)
        }
    }

    static func degrade(_ matrix: QRMatrix, _ kind: Class, using generator: inout SeededGenerator) throws -> GrayImage {
        switch kind {
        case .clean:
            return matrix.rasterize(scale: Int.random(in: 2...5, using: &generator))
        case .rotated:
            let image = matrix.rasterize(scale: Int.random(in: 2...4, using: &generator))
            return image.corpusRotated(degrees: Double.random(in: 0...90, using: &generator))
        case .perspective:
            let image = matrix.rasterize(scale: 4)
            let w = Double(image.width)
            let h = Double(image.height)
            let jitter: [Double] = (0..<8).map { _ in Double.random(in: 0...0.22, using: &generator) }
            let corners: [(Double, Double)] = [
                (w * jitter[0], h * jitter[1]), (w * (1 - jitter[2]), h * jitter[3]),
                (w * (1 - jitter[4]), h * (1 - jitter[5])), (w * jitter[6], h * (1 - jitter[7])),
            ]
            return image.corpusPerspective(corners: corners)
        case .blur:
            let scale = Int.random(in: 4...5, using: &generator)
            let image = matrix.rasterize(scale: scale)
            return Bool.random(using: &generator)
                ? image.corpusGaussianBlur(sigma: Double(scale) * Double.random(in: 0.4...0.65, using: &generator))
                : image.corpusBoxBlur(radius: scale / 2)
        case .noise:
            let image = matrix.rasterize(scale: Int.random(in: 3...5, using: &generator))
            return image.corpusNoise(sigma: Double.random(in: 40...80, using: &generator), using: &generator)
        case .jpeg:
            let image = matrix.rasterize(scale: Int.random(in: 2...4, using: &generator))
            let data = try ImageEncoder.jpeg(image, quality: Int.random(in: 20...40, using: &generator))
            return try ImageDecoder.decode(data)
        case .lowContrast:
            let dark = Int.random(in: 90...130, using: &generator)
            let image = matrix.rasterize(scale: Int.random(in: 3...4, using: &generator))
            return image.corpusContrast(dark: dark, light: dark + Int.random(in: 6...16, using: &generator))
        case .inverted:
            var image = matrix.rasterize(scale: Int.random(in: 2...5, using: &generator))
            image.pixels = image.pixels.map { 255 - $0 }
            return image
        case .tiny:
            return matrix.rasterize(scale: Int.random(in: 1...2, using: &generator))
        case .huge:
            let scale = 1450 / (matrix.size + 8) + Int.random(in: 1...4, using: &generator)
            return matrix.rasterize(scale: scale)
        case .screenshot:
            let image = matrix.rasterize(scale: Int.random(in: 2...3, using: &generator))
            return image.corpusScreenshot(width: 640, height: 400, using: &generator)
        }
    }
}
