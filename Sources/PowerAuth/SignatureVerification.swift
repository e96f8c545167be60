public import OfflineOperations

/// The outcome of a server-side signature check; a rejection is a value, not an error.
public struct SignatureVerification: Sendable, Equatable {
    /// Whether a code matched inside the window.
    public var isValid: Bool
    /// How many steps ahead of the server the matching counter was (0 = exactly the expected one).
    public var matchedIteration: Int?
    /// The signature type that matched (on failure: the first allowed type, as the server records it).
    public var signatureType: SignatureType
    /// The proximity TOTP that matched, when one was checked.
    public var matchedTOTP: String?
    /// The state after the check: to be persisted by the caller.
    package var state: ServerCounterState
    /// True when this check moved the activation to `BLOCKED`.
    public var blockedNow: Bool
    /// Why a check was rejected without trying any code (blocked or removed activation), else nil.
    public var refusal: String?
}
