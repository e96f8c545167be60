internal import CZBar

extension Symbology {
    /// ZBar's symbol type for this symbology.
    var zbarType: zbar_symbol_type_t {
        switch self {
        case .qrCode: ZBAR_QRCODE
        case .sqCode: ZBAR_SQCODE
        case .ean13: ZBAR_EAN13
        case .ean8: ZBAR_EAN8
        case .upcA: ZBAR_UPCA
        case .upcE: ZBAR_UPCE
        case .isbn10: ZBAR_ISBN10
        case .isbn13: ZBAR_ISBN13
        case .i25: ZBAR_I25
        case .codabar: ZBAR_CODABAR
        case .code39: ZBAR_CODE39
        case .code93: ZBAR_CODE93
        case .code128: ZBAR_CODE128
        case .dataBar: ZBAR_DATABAR
        case .dataBarExpanded: ZBAR_DATABAR_EXP
        case .pdf417: ZBAR_PDF417
        }
    }

    /// The symbology of a ZBar symbol type, or nil for one we do not name.
    init?(zbarType: zbar_symbol_type_t) {
        guard let match = Symbology.allCases.first(where: { $0.zbarType == zbarType }) else { return nil }
        self = match
    }
}
