extension QRMatrix {
    /// The symbol as a grey image: `scale` pixels per module, a light quiet zone of `margin` modules,
    /// dark modules 0 and light ones 255.
    public func rasterize(scale: Int = 8, margin: Int = 4) -> GrayImage {
        let scale = max(1, scale)
        let margin = max(0, margin)
        let side = (size + 2 * margin) * scale
        var pixels = [UInt8](repeating: 255, count: side * side)
        pixels.withUnsafeMutableBufferPointer { out in
            for my in 0..<size {
                for mx in 0..<size where modules[my * size + mx] {
                    let left = (mx + margin) * scale
                    let top = (my + margin) * scale
                    for y in top..<(top + scale) {
                        let row = y * side
                        for x in left..<(left + scale) { out[row + x] = 0 }
                    }
                }
            }
        }
        return GrayImage(width: side, height: side, pixels: pixels)
    }
}
