public import PowerAuth

/// The `TokenProvisioning` of `sync`: creates the `possession_universal` token with `/pa/v3/token/create` (possession
/// factor, as the mobile SDK does) when the device file has none, and replaces a token the server refused once per
/// provisioner — a server that keeps refusing gets its error, not a loop of new tokens.
public actor EnrollmentTokenProvisioner: TokenProvisioning {
    let enrollment: EnrollmentClient
    let store: any ActivationStore<DeviceActivation>
    private var replaced = false
    private var creation: Task<Result<Void, MobileTokenError>, Never>?

    /// Makes a provisioner over an enrollment client and the device store its HTTP client signs with.
    public init(enrollment: EnrollmentClient, store: any ActivationStore<DeviceActivation>) {
        self.enrollment = enrollment
        self.store = store.forClients
    }

    /// Creates a token when the device file has none; concurrent callers share one creation.
    public func ensureToken() async throws(MobileTokenError) {
        if let file = EnrollmentClient.deviceFileV4(for: store) {
            guard let stored = try? file.load(), stored.token == nil, !stored.isRemoved else { return }
            try await create()
            return
        }
        let device = try store.loadActivation()
        guard device.token == nil, !device.isRemoved else { return }
        try await create()
    }

    /// Drops the refused token and creates a new one, once.
    public func replaceRefusedToken() async throws(MobileTokenError) -> Bool {
        guard !replaced else { return false }
        replaced = true
        if let file = EnrollmentClient.deviceFileV4(for: store) {
            do throws(EnrollmentError) {
                try EnrollmentClient.cycle(file, "drop the refused token") { $0.token = nil }
            } catch {
                throw MobileTokenError(.signingFailed, "cannot drop the refused token: \(error.reason)")
            }
        } else if let id = (try? store.load())?.token?.id {
            do {
                try DeviceTransactions(over: store).dropToken(id: id, named: TokenName.possessionUniversal)
            } catch {
                throw MobileTokenError(.signingFailed, "cannot drop the refused token: \(error)")
            }
        }
        try await create()
        return true
    }

    private func create() async throws(MobileTokenError) {
        let task: Task<Result<Void, MobileTokenError>, Never>
        if let creation {
            task = creation
        } else {
            let enrollment = self.enrollment
            let store = self.store
            task = Task {
                do throws(EnrollmentError) {
                    if let file = EnrollmentClient.deviceFileV4(for: store) {
                        // 4.0: /pa/v4/token/create with the possession factor.
                        _ = try await enrollment.createTokenV4(file, authentication: .possession)
                        return .success(())
                    }
                    // Stored only if no parallel run stored one meanwhile (that one is kept, ours removed again).
                    try await enrollment.createToken(store, authentication: .possession, ifAbsent: true)
                    return .success(())
                } catch {
                    return .failure(Self.mobileTokenError(error))
                }
            }
            creation = task
        }
        let result = await task.value
        creation = nil
        try result.get()
    }

    /// The Mobile Token reading of a token-creation failure (the server's code kept).
    static func mobileTokenError(_ error: EnrollmentError) -> MobileTokenError {
        MobileTokenError(error, what: "cannot create the possession_universal token") { code in
            switch code {
            case .authenticationFailed: .authenticationFailed
            case .signingFailed: .signingFailed
            case .factorNotAllowed: .factorNotAllowed
            default: .server
            }
        }
    }
}
