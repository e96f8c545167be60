public import FoundationEssentials

/// Reads a rendered QR code back with the scanner and checks it holds exactly the encoded bytes.
///
/// PNG output is decoded with `ImageDecoder`; SVG, terminal and text output are parsed back into
/// modules and rasterised (SVG in its own colours), so the check covers the bytes actually produced.
public enum QRSelfCheck {
    /// Returns the scan pass that read `rendered`; throws `qr.self_check_failed` when nothing, more
    /// than one symbol, or other bytes come back.
    public static func verify(
        _ rendered: Data, format: QRRenderFormat, options: QRRenderOptions, payload: some DataProtocol
    ) throws(ImagingError) -> QRScanPass {
        let image = try image(of: rendered, format: format, options: options)
        let scanner: QRScanner
        do {
            // ZBar on the rendered image itself: `finders` resamples the code from its finder
            // patterns, which would hide a rendering fault that ZBar (and other readers) trip over.
            scanner = try QRScanner(options: QRScanOptions(passes: QRScanPass.directOrder))
        } catch {
            throw ImagingError(.libraryFailure, "the self-check could not start the scanner: \(error)")
        }
        let symbols = scanner.scan(image, budget: .seconds(10))
        let expected = Data(payload)
        guard let symbol = symbols.first else {
            let hint = options.margin < 2 ? " (a margin under 2 modules often defeats readers)" : ""
            throw ImagingError(
                .selfCheckFailed,
                "self-check failed: the rendered \(format.rawValue) could not be read back\(hint); "
                    + "check the colours and margin, or skip the check with --no-check")
        }
        guard symbols.count == 1 else {
            throw ImagingError(.selfCheckFailed, "self-check failed: \(symbols.count) symbols were read back, not 1")
        }
        guard symbol.bytes == expected else {
            throw ImagingError(
                .selfCheckFailed,
                "self-check failed: read back \(symbol.bytes.count) bytes that differ from the \(expected.count) encoded"
            )
        }
        return symbol.pass
    }

    /// The image the scanner sees for `rendered`.
    static func image(
        of rendered: Data, format: QRRenderFormat, options: QRRenderOptions
    ) throws(ImagingError)
        -> GrayImage
    {
        let grid: ModuleGrid?
        switch format {
        case .png:
            return try ImageDecoder.decode(rendered, pixelLimit: Int.max)
        case .svg:
            grid = String(data: rendered, encoding: .utf8).flatMap(ModuleGrid.readSVG)
            if let grid {
                return grid.image(
                    scale: 4, dark: options.foreground.luminanceOnWhite, light: options.background.luminanceOnWhite)
            }
        case .terminal:
            grid = String(data: rendered, encoding: .utf8).flatMap(ModuleGrid.readTerminal)
        case .text:
            grid = String(data: rendered, encoding: .utf8).flatMap { ModuleGrid.readText($0, style: options.textStyle) }
        }
        guard let grid else {
            throw ImagingError(
                .selfCheckFailed, "self-check failed: the rendered \(format.rawValue) could not be parsed")
        }
        return grid.image(scale: 4)
    }
}
