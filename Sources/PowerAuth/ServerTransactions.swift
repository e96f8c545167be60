public import FoundationEssentials

/// The server side of PowerAuth as whole transactions over an `ActivationStore`: check an offline
/// approval code or an online signature. Each runs as one locked read-modify-write cycle, and the new
/// counters and failed attempts are saved before the verdict is returned, so parallel wrong codes all
/// count and an accepted code cannot be accepted twice.
public struct ServerTransactions: Sendable {
    /// Where the server activation lives.
    public let store: any ActivationStore<ServerActivation>

    /// Transactions over a store.
    public init(store: any ActivationStore<ServerActivation>) {
        self.store = store
    }

    /// Transactions over a server activation file.
    public init(path: String) {
        self.init(store: ActivationFile<ServerActivation>(path: path))
    }

    /// Checks an offline approval code (see `ServerActivation.verifyApprovalCode`) and saves the outcome;
    /// returns the verdict and the activation as saved.
    public func verifyApprovalCode(
        _ code: String, _ check: ApprovalCodeCheck
    ) throws -> (verification: SignatureVerification, activation: ServerActivation) {
        try store.update { activation in
            let verification = try activation.verifyApprovalCode(code, check)
            return (verification, activation)
        }
    }

    /// Checks an online signature header (see `ServerActivation.verifySignature`) and saves the outcome.
    public func verifySignature(
        _ header: AuthorizationHeader, method: String = "POST", uriId: String, body: Data
    ) throws -> SignatureVerification {
        try store.update { activation in
            try activation.verifySignature(header, method: method, uriId: uriId, body: body)
        }
    }
}
