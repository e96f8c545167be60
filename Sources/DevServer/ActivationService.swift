import FoundationEssentials
package import OfflineOperations
package import PowerAuth

/// The server-side activation lifecycle as library calls: what `/rest/v3/activation/*` (and, until the back
/// office is on, `/admin/activations/*`) and `/pa/v3/activation/*` run. Each is one locked transaction on
/// the state, persisted before it returns (also when it refuses, so counted OTP failures stay counted).
package struct ActivationService: Sendable {
    let store: DevServerStore
    let clock: EmulatorClock
}

/// What `ActivationService.initActivation` is asked for (the back office's `activation/init` fields).
package struct ActivationInit: Sendable {
    var userId: String
    var applicationId: String?
    var commitPhase: CommitPhase
    var activationOtp: String?
    var maxFailureCount: Int?
    var expiresMillis: Int64?
    var flags: [String]

    package init(
        userId: String, applicationId: String? = nil, commitPhase: CommitPhase = .onCommit,
        activationOtp: String? = nil, maxFailureCount: Int? = nil, expiresMillis: Int64? = nil,
        flags: [String] = []
    ) {
        self.userId = userId
        self.applicationId = applicationId
        self.commitPhase = commitPhase
        self.activationOtp = activationOtp
        self.maxFailureCount = maxFailureCount
        self.expiresMillis = expiresMillis
        self.flags = flags
    }
}

extension ActivationService {
    /// `activation/init`: a CREATED activation of the application (default: the default one) with a fresh
    /// activation code, unique among the application's CREATED activations, signed with the master key.
    package func initActivation(_ request: ActivationInit) throws(ActivationLifecycleError) -> ServerActivation {
        try activationTransaction { (state) throws(ActivationLifecycleError) -> ServerActivation in
            let application = try Self.application(request.applicationId, in: state)
            guard let version = application.currentVersion else {
                throw ActivationLifecycleError(.invalidApplication, "the application has no supported version")
            }
            let now = clock.nowMillis
            let limit = store.limits.createdActivations
            guard state.admitsCreatedActivation(limit: limit, nowMillis: now) else {
                throw ActivationLifecycleError(
                    .invalidInput,
                    "too many unfinished activations (at most \(limit)): commit, remove or let some expire")
            }
            var issued: (code: String, signature: String)
            repeat {
                issued = try Self.issueActivationCode(application)
            } while state.activations.contains {
                $0.registration?.activationCode == issued.code
                    && $0.registration?.applicationId == application.applicationId
                    && $0.counters.status == .created
            }
            let activation = try ServerActivation.initiate(
                application: application, version: version, userId: request.userId, activationCode: issued.code,
                activationSignature: issued.signature, commitPhase: request.commitPhase,
                activationOtp: request.activationOtp, maxFailedAttempts: request.maxFailureCount ?? 5,
                expiresMillis: request.expiresMillis, flags: request.flags, nowMillis: now)
            state.activations.append(activation)
            return activation
        }
    }

    /// The key exchange of `/pa/v3/activation/create`: the CREATED activation with this exact code in the
    /// application of `applicationKey` (a supported version) takes the device's key (`ServerActivation.prepare`).
    package func prepareActivation(
        code: String, applicationKey: String, device: ServerActivation.DeviceRegistration
    ) throws(ActivationLifecycleError) -> ServerActivation {
        try activationTransaction { (state) throws(ActivationLifecycleError) -> ServerActivation in
            guard
                let application = state.applications.first(where: { $0.version(applicationKey: applicationKey) != nil }
                ),
                application.version(applicationKey: applicationKey)?.supported == true
            else {
                throw ActivationLifecycleError(.invalidApplication, "unknown or unsupported application key")
            }
            let now = clock.nowMillis
            guard
                let index = state.activations.firstIndex(where: {
                    $0.registration?.activationCode == code
                        && $0.registration?.applicationId == application.applicationId
                        && ($0.counters.status == .created)
                })
            else {
                throw ActivationLifecycleError(.notFound, "no activation waits for this activation code")
            }
            try state.activations[index].prepare(device, nowMillis: now)
            // The activation belongs to the version the device used.
            state.activations[index].applicationKey = applicationKey
            if let secret = application.version(applicationKey: applicationKey)?.applicationSecret {
                state.activations[index].applicationSecret = secret
            }
            return state.activations[index]
        }
    }

    /// `activation/commit`.
    package func commitActivation(
        _ id: String, activationOtp: String?
    ) throws(ActivationLifecycleError)
        -> ServerActivation
    {
        try changeActivation(id) { (activation, now) throws(ActivationLifecycleError) in
            try activation.commit(activationOtp: activationOtp, nowMillis: now)
        }
    }

    /// `activation/block` (default reason `NOT_SPECIFIED`).
    package func blockActivation(_ id: String, reason: String?) throws(ActivationLifecycleError) -> ServerActivation {
        try changeActivation(id) { (activation, now) throws(ActivationLifecycleError) in
            try activation.block(reason: reason, nowMillis: now)
        }
    }

    /// `activation/unblock`.
    package func unblockActivation(_ id: String) throws(ActivationLifecycleError) -> ServerActivation {
        try changeActivation(id) { (activation, now) throws(ActivationLifecycleError) in
            try activation.unblock(nowMillis: now)
        }
    }

    /// `activation/remove` (any status; tokens go too).
    package func removeActivation(_ id: String) throws(ActivationLifecycleError) -> ServerActivation {
        let removed = try changeActivation(id) { (activation, now) throws(ActivationLifecycleError) in
            activation.remove(nowMillis: now)
        }
        store.forgetTokens(ofActivation: id)
        return removed
    }

    /// `activation/status`: the activation (a pending one past its expiry is REMOVED now), or nil if unknown.
    package func activationStatus(_ id: String) throws(ActivationLifecycleError) -> ServerActivation? {
        do {
            return try changeActivation(id) { (activation, now) throws(ActivationLifecycleError) in
                activation.expireIfNeeded(nowMillis: now)
            }
        } catch  where error.code == .notFound {
            return nil
        }
    }

    /// `activation/list`: the user's activations, optionally of one application and in some statuses.
    package func listActivations(
        userId: String, applicationId: String?, statuses: Set<ActivationStatus>?
    ) -> [ServerActivation] {
        let now = clock.nowMillis
        return store.snapshot.activations.compactMap { activation -> ServerActivation? in
            guard let registration = activation.registration, registration.userId == userId else { return nil }
            if let applicationId, registration.applicationId != applicationId { return nil }
            var current = activation
            current.expireIfNeeded(nowMillis: now)
            if let statuses, !statuses.contains(current.counters.status) { return nil }
            return current
        }
    }

    /// Runs `change` on one activation in a transaction; unknown id: `.notFound`.
    func changeActivation(
        _ id: String, _ change: (inout ServerActivation, Int64) throws(ActivationLifecycleError) -> Void
    ) throws(ActivationLifecycleError) -> ServerActivation {
        try activationTransaction { (state) throws(ActivationLifecycleError) -> ServerActivation in
            guard let index = state.activations.firstIndex(where: { $0.activationId == id }) else {
                throw ActivationLifecycleError(.notFound, "no activation \(id)")
            }
            var activation = state.activations[index]
            let before = activation
            do throws(ActivationLifecycleError) {
                try change(&activation, clock.nowMillis)
            } catch {
                if activation != before { state.activations[index] = activation }
                throw error
            }
            if activation != before { state.activations[index] = activation }
            return activation
        }
    }

    /// A store transaction whose body fails with lifecycle errors; a state that cannot be persisted is
    /// `.internalError`.
    func activationTransaction<R>(
        _ body: (inout DevServerState) throws(ActivationLifecycleError) -> R
    ) throws(ActivationLifecycleError) -> R {
        var refusal: ActivationLifecycleError?
        let result: R?
        do throws(APIFailure) {
            result = try store.transaction { (state, _) throws(APIFailure) -> R? in
                do throws(ActivationLifecycleError) {
                    return try body(&state)
                } catch {
                    refusal = error
                    return nil
                }
            }
        } catch {
            throw ActivationLifecycleError(.internalError, error.message)
        }
        if let refusal { throw refusal }
        guard let result else { throw ActivationLifecycleError(.internalError, "the transaction gave no result") }
        return result
    }

    /// The application with this id, or the default one.
    static func application(
        _ id: String?, in state: DevServerState
    ) throws(ActivationLifecycleError)
        -> ServerApplication
    {
        if let id {
            guard let application = state.applications.first(where: { $0.applicationId == id }) else {
                throw ActivationLifecycleError(.invalidApplication, "no application \(id)")
            }
            return application
        }
        guard let application = state.defaultApplication else {
            throw ActivationLifecycleError(.invalidApplication, "the server has no application")
        }
        return application
    }
}
