public import FoundationEssentials
public import HTTPTypes
public import PowerAuth

/// The PowerAuth `RequestSigner`: `X-PowerAuth-Authorization` for signed endpoints (uriId, factor, exact body
/// bytes, fresh nonce) and `X-PowerAuth-Token` for token-signed ones, made with the token the endpoint names
/// (`possession_universal` for the Mobile Token API; any name the device file keeps for a custom endpoint).
///
/// An actor: one signature at a time. Each signature is one `DeviceTransactions.sign` cycle: the store is locked,
/// the counter advanced and saved before the header is returned, so a request never leaves with an unsaved
/// counter, and parallel processes on one activation file never reuse one. When the server answers a signed
/// request with 2xx, the signature is confirmed in the store (`DeviceTransactions.confirm`), so the look-ahead
/// warning counts only codes the server has not seen. The password is the call's: `RequestSigningInput.signing`
/// (which `MobileTokenClient` and `EnrollmentClient` set from the authentication given to each call).
public actor PowerAuthRequestSigner: RequestSigner {
    /// How many signatures awaiting an answer are remembered (answers that never came are dropped beyond it).
    static let pendingLimit = 64

    let store: any ActivationStore<DeviceActivation>
    let transactions: DeviceTransactions
    /// The timestamp of token headers, Unix milliseconds.
    let tokenMillis: @Sendable () -> Int64
    /// Signatures sent and not yet answered, by header value.
    private var pending: [String: OnlineSignature] = [:]

    /// Makes a signer over a store; `now` dates token headers.
    public init(store: any ActivationStore<DeviceActivation>, now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store.forClients
        self.transactions = DeviceTransactions(over: store)
        self.tokenMillis = { Int64((now().timeIntervalSince1970 * 1000).rounded(.down)) }
    }

    /// Makes a signer whose token headers carry `clock`'s request time (server-synchronised: newer servers refuse
    /// timestamps ahead of their own clock) instead of the device's; give it the enrollment client's clock, which
    /// temporary keys and encrypted answers teach.
    public init(store: any ActivationStore<DeviceActivation>, clock: ServerClock) {
        self.store = store.forClients
        self.transactions = DeviceTransactions(over: store)
        self.tokenMillis = { clock.requestMillis() }
    }

    /// Makes a signer over a device activation file.
    public init(activationPath: String, now: @escaping @Sendable () -> Date = { Date() }) {
        self.init(store: ActivationFile<DeviceActivation>(path: activationPath), now: now)
    }

    /// The header for a signed or token-signed request.
    public func authorization(for input: RequestSigningInput) async throws -> HTTPField {
        do {
            return try header(for: input)
        } catch {
            input.signing?.recordFailure(error)
            throw error
        }
    }

    /// Confirms the signature behind `header` when the server accepted it (2xx).
    public func requestFinished(_ header: HTTPField, statusCode: Int?) async {
        guard let signature = pending.removeValue(forKey: header.value) else { return }
        guard let statusCode, (200..<300).contains(statusCode) else { return }
        // Best effort: the request itself succeeded; an unsaved confirmation only keeps a warning.
        try? transactions.confirm(signature)
    }

    private func header(for input: RequestSigningInput) throws(MobileTokenError) -> HTTPField {
        // The protocol switch: a 4.0 device file gets 4.0 headers (`PowerAuthRequestSigner+PowerAuthV4.swift`).
        if let file = EnrollmentClient.deviceFileV4(for: store) {
            return try Self.headerV4(
                for: input, file: file, password: input.signing?.password, tokenMillis: tokenMillis
            )
        }
        switch input.kind {
        case .basic:
            throw MobileTokenError(.signingFailed, "basic endpoints are not signed")
        case .tokenSigned(let tokenName):
            let millis = tokenMillis()
            let header: TokenHeader?
            do {
                header = try transactions.tokenHeader(named: tokenName, timestampMillis: millis)
            } catch {
                throw Self.mapped(error, uriId: tokenName)
            }
            guard let header else {
                throw MobileTokenError(.missingActivation, "the activation has no \(tokenName) token")
            }
            return HTTPField(name: .powerAuthToken, value: header.value)
        case .signed(let uriId, let type):
            let signature: OnlineSignature
            do {
                signature = try transactions.sign(
                    method: input.method.rawValue, uriId: uriId, body: input.body, type: type,
                    password: input.signing?.password)
            } catch {
                throw Self.mapped(error, uriId: uriId)
            }
            let field = HTTPField(name: .powerAuthAuthorization, value: signature.header.value)
            if pending.count >= Self.pendingLimit { pending.removeAll() }
            pending[field.value] = signature
            return field
        }
    }

    /// Store errors are `MobileTokenError` already (`forClients`); PowerAuth's are signing failures (a missing factor: not allowed).
    private static func mapped(_ error: any Error, uriId: String) -> MobileTokenError {
        switch error {
        case let error as MobileTokenError:
            return error
        case let error as PowerAuthError where error.code == .missingFactorKey:
            return MobileTokenError(.factorNotAllowed, error.reason)
        case let error as PowerAuthError:
            return MobileTokenError(.signingFailed, "cannot sign \(uriId): \(error.reason)")
        default:
            return MobileTokenError(.signingFailed, "cannot sign \(uriId): \(error)")
        }
    }
}
