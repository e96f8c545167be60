extension QRMatrix {
    /// The module matrix as text: one line per module row, quiet zone included, `1`/`0` (dark/light)
    /// or `#`/space depending on `textStyle`.
    public func text(options: QRRenderOptions = QRRenderOptions()) throws(ImagingError) -> String {
        try options.validate()
        let (dark, light) = options.textStyle.characters
        let margin = options.margin
        let side = size + 2 * margin
        var output = ""
        output.reserveCapacity(side * (side + 1))
        for y in 0..<side {
            for x in 0..<side {
                output.append(self[x - margin, y - margin] ? dark : light)
            }
            output.append("\n")
        }
        return output
    }
}
