internal import CQREncode

public import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Makes QR codes with libqrencode, always in 8-bit byte mode so every byte value survives exactly
/// (no NUL truncation, no case folding, no Kanji or alphanumeric guessing).
public enum QRCodeGenerator {
    /// Encodes `bytes` into a module matrix; the mask is libqrencode's choice.
    public static func encode(
        _ bytes: some DataProtocol, options: QRCodeOptions = QRCodeOptions()
    )
        throws(ImagingError) -> QRMatrix
    {
        try options.validate()
        let payload = [UInt8](bytes)
        guard !payload.isEmpty else {
            throw ImagingError(.emptyPayload, "the QR payload is empty; give at least one byte")
        }
        try checkCapacity(payload.count, options: options)
        let level = options.errorCorrection.libraryLevel
        errno = 0
        let code: UnsafeMutablePointer<QRcode>? = payload.withUnsafeBufferPointer { buffer in
            if let eci = options.eci {
                guard let input = QRinput_new2(Int32(options.version), level) else { return nil }
                defer { QRinput_free(input) }
                guard QRinput_appendECIheader(input, eci) == 0,
                    QRinput_append(input, QR_MODE_8, Int32(buffer.count), buffer.baseAddress) == 0
                else { return nil }
                return QRcode_encodeInput(input)
            }
            return QRcode_encodeData(Int32(buffer.count), buffer.baseAddress, Int32(options.version), level)
        }
        guard let code else {
            if errno == ERANGE { throw tooLarge(payload.count, options: options) }
            throw ImagingError(.libraryFailure, "libqrencode failed: \(String(cString: strerror(errno)))")
        }
        defer { QRcode_free(code) }
        let version = Int(code.pointee.version)
        let width = Int(code.pointee.width)
        guard options.version == 0 || version == options.version else {
            // libqrencode treats the version as a minimum and grows it; we promised a fixed one.
            throw tooLarge(payload.count, options: options)
        }
        guard width == 17 + 4 * version, let data = code.pointee.data else {
            throw ImagingError(.libraryFailure, "libqrencode returned an inconsistent symbol")
        }
        // Each byte carries flags; bit 0 alone says whether the module is dark.
        let modules = (0..<(width * width)).map { data[$0] & 1 == 1 }
        return QRMatrix(version: version, errorCorrection: options.errorCorrection, size: width, modules: modules)
    }

    private static func checkCapacity(_ count: Int, options: QRCodeOptions) throws(ImagingError) {
        let version = options.version == 0 ? 40 : options.version
        if count > QRCapacity.bytes(version: version, level: options.errorCorrection, eci: options.eci) {
            throw tooLarge(count, options: options)
        }
    }

    private static func tooLarge(_ count: Int, options: QRCodeOptions) -> ImagingError {
        let level = options.errorCorrection.rawValue
        let eciNote = options.eci == nil ? "" : " with the ECI header"
        if options.version == 0 {
            let capacity = QRCapacity.bytes(version: 40, level: options.errorCorrection, eci: options.eci)
            return ImagingError(
                .payloadTooLarge,
                "the payload is \(count) bytes; a QR code at level \(level) holds at most \(capacity) bytes\(eciNote) "
                    + "(version 40); use a lower error-correction level or a shorter payload")
        }
        let capacity = QRCapacity.bytes(version: options.version, level: options.errorCorrection, eci: options.eci)
        var hint = ""
        if let fits = QRCapacity.smallestVersion(for: count, level: options.errorCorrection, eci: options.eci) {
            hint = "; version \(fits) would fit"
        }
        return ImagingError(
            .payloadTooLarge,
            "the payload is \(count) bytes; version \(options.version) at level \(level) holds at most \(capacity) "
                + "bytes\(eciNote)\(hint)")
    }
}

extension QRErrorCorrection {
    var libraryLevel: QRecLevel {
        switch self {
        case .low: QR_ECLEVEL_L
        case .medium: QR_ECLEVEL_M
        case .quartile: QR_ECLEVEL_Q
        case .high: QR_ECLEVEL_H
        }
    }
}
