extension QRMatrix {
    /// The symbol for a terminal: UTF-8 half blocks, two module rows per line, with the quiet zone.
    ///
    /// Light modules are drawn as block glyphs and dark ones as spaces, so the code reads on the usual
    /// light-on-dark terminal. With `terminalColors`, every line is wrapped in ANSI codes for bright
    /// white on black, so it reads on any terminal theme.
    public func terminal(options: QRRenderOptions = QRRenderOptions()) throws(ImagingError) -> String {
        try options.validate()
        let margin = options.margin
        let side = size + 2 * margin
        var output = ""
        var y = 0
        while y < side {
            if options.terminalColors { output += "\u{1B}[97;40m" }
            for x in 0..<side {
                let top = !self[x - margin, y - margin]
                let bottom = y + 1 < side && !self[x - margin, y + 1 - margin]
                switch (top, bottom) {
                case (true, true): output += "\u{2588}"
                case (true, false): output += "\u{2580}"
                case (false, true): output += "\u{2584}"
                case (false, false): output += " "
                }
            }
            if options.terminalColors { output += "\u{1B}[0m" }
            output += "\n"
            y += 2
        }
        return output
    }
}
