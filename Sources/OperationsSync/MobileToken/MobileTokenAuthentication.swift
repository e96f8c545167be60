/// How the user authenticates a signed call: possession only, the password, or biometry (each with possession).
public enum MobileTokenAuthentication: Sendable, CustomStringConvertible {
    /// Possession only (1FA).
    case possession
    /// Possession and knowledge: the password unlocks the knowledge key.
    case password(String)
    /// Possession and biometry.
    case biometry

    /// `possession`, `password` or `biometry`; never the password itself.
    public var description: String {
        switch self {
        case .possession: "possession"
        case .password: "password"
        case .biometry: "biometry"
        }
    }
}
