public import FoundationEssentials

extension QRMatrix {
    /// A PNG of the symbol: greyscale for black on white, RGBA for any other colours.
    public func pngData(options: QRRenderOptions = QRRenderOptions()) throws(ImagingError) -> Data {
        try options.validate()
        let side = (size + 2 * options.margin) * options.scale
        guard side <= QRRenderOptions.maximumImageSide else {
            throw ImagingError(
                .invalidOption,
                "the PNG would be \(side) pixels wide, over \(QRRenderOptions.maximumImageSide); lower --scale")
        }
        let image = rasterize(scale: options.scale, margin: options.margin)
        if options.isBlackOnWhite { return try ImageEncoder.png(image) }
        let dark = options.foreground
        let light = options.background
        var rgba = [UInt8](repeating: 0, count: image.pixels.count * 4)
        for (index, value) in image.pixels.enumerated() {
            let colour = value == 0 ? dark : light
            rgba[4 * index] = colour.red
            rgba[4 * index + 1] = colour.green
            rgba[4 * index + 2] = colour.blue
            rgba[4 * index + 3] = colour.alpha
        }
        return try ImageEncoder.pngRGBA(width: image.width, height: image.height, rgba: rgba)
    }
}
