#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The C library's number formatting and error texts, where the output must stay what `String(format:)` and
/// Foundation printed (the executable imports `FoundationEssentials`, which has neither).
enum CFormat {
    /// `value` with `digits` digits after the point, rounded as printf's `%.Nf` rounds.
    static func fixed(_ value: Double, digits: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = withVaList([value]) { arguments in
            buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, 64, "%.\(digits)f", arguments) }
        }
        guard count >= 0, count < 64 else { return "\(value)" }
        return String(decoding: buffer[..<Int(count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The C library's text for `code` (`strerror`), e.g. "Permission denied".
    static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
