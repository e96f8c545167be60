public import FoundationEssentials

/// Renders module matrices to PNG, SVG, terminal or text bytes, and runs the whole
/// generate → render → read-back pipeline.
public enum QRCodeRenderer {
    /// `matrix` in `format`; every format comes back as bytes, so standard output works for all.
    public static func render(
        _ matrix: QRMatrix, format: QRRenderFormat, options: QRRenderOptions = QRRenderOptions()
    )
        throws(ImagingError) -> Data
    {
        switch format {
        case .png: try matrix.pngData(options: options)
        case .svg: Data(try matrix.svg(options: options).utf8)
        case .terminal: Data(try matrix.terminal(options: options).utf8)
        case .text: Data(try matrix.text(options: options).utf8)
        }
    }

    /// Encodes `payload`, renders it, and unless `selfCheck` is false reads it back with the scanner
    /// (`qr.self_check_failed` when the bytes do not come back exactly).
    public static func make(
        _ payload: some DataProtocol, code: QRCodeOptions = QRCodeOptions(), format: QRRenderFormat,
        options: QRRenderOptions = QRRenderOptions(), selfCheck: Bool = true
    ) throws(ImagingError) -> QRRenderedCode {
        let bytes = Data(payload)
        try options.validate()
        let matrix = try QRCodeGenerator.encode(bytes, options: code)
        let data = try render(matrix, format: format, options: options)
        let pass = selfCheck ? try QRSelfCheck.verify(data, format: format, options: options, payload: bytes) : nil
        return QRRenderedCode(matrix: matrix, format: format, data: data, checkedBy: pass)
    }
}
