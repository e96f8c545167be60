/// How the client validates servers: the trusted roots, and an optional pinning evaluator.
///
/// Use `.default`, `.customCA(pemBundle:)`, `.noValidation` or `.pinned(_:customCA:)`.
public struct TLSValidation: Sendable {
    /// Which roots a chain must lead to.
    enum Trust: Sendable {
        /// The system trust store.
        case system
        /// Only the certificates of this PEM bundle.
        case customCA(String)
        /// No chain or hostname check at all.
        case none
    }

    let trust: Trust
    let evaluator: (any PeerCertificateEvaluator)?

    /// The system trust store and a hostname check.
    public static let `default` = TLSValidation(trust: .system, evaluator: nil)

    /// Chains must lead to a certificate of this PEM bundle (instead of the system store); hostname checked.
    public static func customCA(pemBundle: String) -> TLSValidation {
        TLSValidation(trust: .customCA(pemBundle), evaluator: nil)
    }

    /// No validation at all: for local test servers only; the client logs a warning on every request.
    public static let noValidation = TLSValidation(trust: .none, evaluator: nil)

    /// Standard validation (system store, or `customCA`), then the evaluator judges the leaf certificate.
    public static func pinned(
        _ evaluator: any PeerCertificateEvaluator, customCA pemBundle: String? = nil
    )
        -> TLSValidation
    {
        TLSValidation(trust: pemBundle.map { .customCA($0) } ?? .system, evaluator: evaluator)
    }

    /// Whether validation is switched off.
    public var isDisabled: Bool {
        if case .none = trust { return true }
        return false
    }

    /// A short name for logs: `default`, `customCA`, `noValidation`, `pinned`.
    public var name: String {
        switch (trust, evaluator) {
        case (.none, _): "noValidation"
        case (_, .some): "pinned"
        case (.customCA, nil): "customCA"
        case (.system, nil): "default"
        }
    }
}
