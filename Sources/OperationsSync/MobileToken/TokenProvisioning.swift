/// Keeps the `possession_universal` token a `MobileTokenClient` signs list, detail and claim with: creates one
/// before a token-signed call when the activation has none, and replaces one the server refused (the client then
/// retries that call once). `EnrollmentTokenProvisioner` does it with `/pa/v3/token/create`, as the mobile SDK does.
public protocol TokenProvisioning: Sendable {
    /// Makes sure the activation has a token (creates and stores one when it has none).
    func ensureToken() async throws(MobileTokenError)
    /// The server refused the token: replaces it and returns true, or returns false when it will not (it already
    /// replaced one), so a refusing server never sees a loop of new tokens.
    func replaceRefusedToken() async throws(MobileTokenError) -> Bool
}
