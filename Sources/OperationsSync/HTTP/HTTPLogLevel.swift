/// How much the client logs (the levels of the Mobile Token SDKs).
public enum HTTPLogLevel: Int, Sendable, Hashable, Comparable, CaseIterable {
    /// Nothing.
    case off
    /// Failed requests (swift-log `error`).
    case errors
    /// Also warnings: `noValidation` in use, 4xx/5xx answers (swift-log `warning`).
    case warnings
    /// Also every request and response with headers and body, redacted and truncated (swift-log `info`).
    case all

    /// Orders by verbosity.
    public static func < (lhs: HTTPLogLevel, rhs: HTTPLogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}
