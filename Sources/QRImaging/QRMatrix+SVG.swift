extension QRMatrix {
    /// An SVG document: a background `<rect>` (unless the background is fully transparent) and one
    /// crisp `<path>` of dark modules, in module units through `viewBox`, `scale` px per module.
    public func svg(options: QRRenderOptions = QRRenderOptions()) throws(ImagingError) -> String {
        try options.validate()
        let side = size + 2 * options.margin
        let pixels = side * options.scale
        var path = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard modules[y * size + x] else {
                    x += 1
                    continue
                }
                var run = 1
                while x + run < size, modules[y * size + x + run] { run += 1 }
                path += "M\(x + options.margin),\(y + options.margin)h\(run)v1h-\(run)z"
                x += run
            }
        }
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\#(pixels)" height="\#(pixels)" "#
                + #"viewBox="0 0 \#(side) \#(side)" shape-rendering="crispEdges">"#,
        ]
        if options.background.alpha > 0 {
            lines.append(#"<rect width="\#(side)" height="\#(side)" \#(paint(options.background))/>"#)
        }
        lines.append(#"<path d="\#(path)" \#(paint(options.foreground))/>"#)
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    private func paint(_ colour: QRColor) -> String {
        let opaque = QRColor(red: colour.red, green: colour.green, blue: colour.blue)
        if colour.alpha == 255 { return #"fill="\#(opaque.hex)""# }
        let opacity = Double(colour.alpha) / 255
        let rounded = (opacity * 1000).rounded() / 1000
        return #"fill="\#(opaque.hex)" fill-opacity="\#(rounded)""#
    }
}
