/// A barcode symbology ZBar can decode. The scanner reads QR codes only unless told otherwise.
public enum Symbology: String, Sendable, CaseIterable, Codable {
    /// QR Code (the default, and the only one qrauth's payloads use).
    case qrCode = "qrcode"
    /// SQ Code.
    case sqCode = "sqcode"
    /// EAN-13.
    case ean13
    /// EAN-8.
    case ean8
    /// UPC-A.
    case upcA = "upca"
    /// UPC-E.
    case upcE = "upce"
    /// ISBN-10.
    case isbn10
    /// ISBN-13.
    case isbn13
    /// Interleaved 2 of 5.
    case i25
    /// Codabar.
    case codabar
    /// Code 39.
    case code39
    /// Code 93.
    case code93
    /// Code 128.
    case code128
    /// GS1 DataBar.
    case dataBar = "databar"
    /// GS1 DataBar Expanded.
    case dataBarExpanded = "databar-exp"
    /// PDF417.
    case pdf417
}
