import Foundation
import QRAuthTestSupport
import QRImaging

/// The degradations the robustness corpus applies, written independently of the scanner's passes.
extension GrayImage {
    /// Bilinear sample at (x, y); `fill` outside.
    func sample(_ x: Double, _ y: Double, fill: UInt8) -> UInt8 {
        guard x >= -0.5, y >= -0.5, x <= Double(width) - 0.5, y <= Double(height) - 0.5 else { return fill }
        let x0 = Int(x.rounded(.down))
        let y0 = Int(y.rounded(.down))
        let fx = x - Double(x0)
        let fy = y - Double(y0)
        func at(_ px: Int, _ py: Int) -> Double {
            Double(self[min(max(px, 0), width - 1), min(max(py, 0), height - 1)])
        }
        let top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx
        let bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx
        return UInt8(clamping: Int((top * (1 - fy) + bottom * fy).rounded()))
    }

    /// Rotated by `degrees` about the centre on an enlarged white canvas, bilinear.
    func corpusRotated(degrees: Double) -> GrayImage {
        let angle = degrees * .pi / 180
        let c = cos(angle)
        let s = sin(angle)
        let newWidth = Int((abs(Double(width) * c) + abs(Double(height) * s)).rounded(.up))
        let newHeight = Int((abs(Double(width) * s) + abs(Double(height) * c)).rounded(.up))
        var output = GrayImage(width: newWidth, height: newHeight, fill: 255)
        let cx = Double(width) / 2
        let cy = Double(height) / 2
        let ncx = Double(newWidth) / 2
        let ncy = Double(newHeight) / 2
        for v in 0..<newHeight {
            for u in 0..<newWidth {
                let dx = Double(u) + 0.5 - ncx
                let dy = Double(v) + 0.5 - ncy
                output[u, v] = sample(c * dx + s * dy + cx - 0.5, -s * dx + c * dy + cy - 0.5, fill: 255)
            }
        }
        return output
    }

    /// Warped so the image corners land on `corners` (TL, TR, BR, BL), on a same-size white canvas.
    func corpusPerspective(corners: [(Double, Double)]) -> GrayImage {
        let w = Double(width)
        let h = Double(height)
        // Homography from output points to input points: solve the 8 unknowns.
        let source = [(0.0, 0.0), (w, 0), (w, h), (0, h)]
        var matrix: [[Double]] = []
        for ((x, y), (u, v)) in zip(corners, source) {
            matrix.append([x, y, 1, 0, 0, 0, -u * x, -u * y, u])
            matrix.append([0, 0, 0, x, y, 1, -v * x, -v * y, v])
        }
        let k = Self.solve(matrix)
        var output = GrayImage(width: width, height: height, fill: 255)
        for v in 0..<height {
            for u in 0..<width {
                let x = Double(u) + 0.5
                let y = Double(v) + 0.5
                let d = k[6] * x + k[7] * y + 1
                let sx = (k[0] * x + k[1] * y + k[2]) / d
                let sy = (k[3] * x + k[4] * y + k[5]) / d
                output[u, v] = sample(sx - 0.5, sy - 0.5, fill: 255)
            }
        }
        return output
    }

    /// Gauss–Jordan on an augmented n×(n+1) matrix.
    static func solve(_ input: [[Double]]) -> [Double] {
        var m = input
        let n = m.count
        for column in 0..<n {
            let pivot = (column..<n).max { abs(m[$0][column]) < abs(m[$1][column]) } ?? column
            m.swapAt(column, pivot)
            let divisor = m[column][column]
            for j in column...n { m[column][j] /= divisor }
            for row in 0..<n where row != column {
                let factor = m[row][column]
                for j in column...n { m[row][j] -= factor * m[column][j] }
            }
        }
        return m.map { $0[n] }
    }

    /// Separable Gaussian blur.
    func corpusGaussianBlur(sigma: Double) -> GrayImage {
        let radius = max(1, Int((sigma * 3).rounded(.up)))
        var kernel = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        func pass(_ image: GrayImage, horizontal: Bool) -> GrayImage {
            var output = image
            for y in 0..<image.height {
                for x in 0..<image.width {
                    var sum = 0.0
                    for (index, weight) in kernel.enumerated() {
                        let offset = index - radius
                        let px = horizontal ? min(max(x + offset, 0), image.width - 1) : x
                        let py = horizontal ? y : min(max(y + offset, 0), image.height - 1)
                        sum += weight * Double(image[px, py])
                    }
                    output[x, y] = UInt8(clamping: Int(sum.rounded()))
                }
            }
            return output
        }
        return pass(pass(self, horizontal: true), horizontal: false)
    }

    /// Box blur of the given radius.
    func corpusBoxBlur(radius: Int) -> GrayImage {
        var output = self
        for y in 0..<height {
            for x in 0..<width {
                var sum = 0
                var count = 0
                for dy in -radius...radius {
                    for dx in -radius...radius {
                        let px = x + dx
                        let py = y + dy
                        guard px >= 0, py >= 0, px < width, py < height else { continue }
                        sum += Int(self[px, py])
                        count += 1
                    }
                }
                output[x, y] = UInt8(sum / count)
            }
        }
        return output
    }

    /// Additive Gaussian noise.
    func corpusNoise(sigma: Double, using generator: inout SeededGenerator) -> GrayImage {
        var output = self
        for index in output.pixels.indices {
            output.pixels[index] = UInt8(clamping: Int(Double(pixels[index]) + generator.gaussian(sigma: sigma)))
        }
        return output
    }

    /// Black mapped to `dark`, white to `light`, linearly.
    func corpusContrast(dark: Int, light: Int) -> GrayImage {
        let table = (0..<256).map { UInt8(clamping: dark + $0 * (light - dark) / 255) }
        return GrayImage(width: width, height: height, pixels: pixels.map { table[Int($0)] })
    }

    /// Pasted into a `width`×`height` fake application window with text-like clutter.
    func corpusScreenshot(
        width canvasWidth: Int, height canvasHeight: Int, using generator: inout SeededGenerator
    )
        -> GrayImage
    {
        var canvas = GrayImage(width: canvasWidth, height: canvasHeight, fill: 242)
        for y in 0..<30 { for x in 0..<canvasWidth { canvas[x, y] = 60 } }
        for y in 30..<canvasHeight { for x in 0..<110 { canvas[x, y] = 225 } }
        var y = 44
        while y + 11 < canvasHeight {
            var x = Int.random(in: 120...150, using: &generator)
            while x + 40 < canvasWidth {
                let word = Int.random(in: 12...60, using: &generator)
                let ink = UInt8.random(in: 30...90, using: &generator)
                for dy in 0..<9 {
                    for dx in 0..<word where dy % 4 != 2 || dx % 3 != 0 { canvas[x + dx, y + dy] = ink }
                }
                x += word + Int.random(in: 5...10, using: &generator)
            }
            y += 16
        }
        let left = Int.random(in: 120...(canvasWidth - width), using: &generator)
        let top = Int.random(in: 32...(canvasHeight - height), using: &generator)
        for py in 0..<height { for px in 0..<width { canvas[left + px, top + py] = self[px, py] } }
        return canvas
    }
}
