public import Foundation
import PowerAuth
import QRAuthCrypto

/// The PowerAuth `RequestSigner`: `X-PowerAuth-Authorization` for signed endpoints (uriId, factor, exact body
/// bytes, fresh nonce) and `X-PowerAuth-Token` with the `possession_universal` token for token-signed ones.
///
/// An actor: one signature at a time. The counter advance is saved (atomically, through the store) before the
/// header is returned, so a request never leaves with an unsaved counter. The password comes from the call's
/// `SigningContext` (set by `MobileTokenClient`) or from `password`.
public actor PowerAuthRequestSigner: RequestSigner {
    let store: any DeviceActivationStore
    let password: String?
    let now: @Sendable () -> Date

    /// Makes a signer over a store; `password` is used when the call's context has none; `now` dates token headers.
    public init(
        store: any DeviceActivationStore, password: String? = nil, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.password = password
        self.now = now
    }

    /// Makes a signer over a device activation file.
    public init(activationPath: String, password: String? = nil, now: @escaping @Sendable () -> Date = { Date() }) {
        self.init(store: ActivationFileStorage(path: activationPath), password: password, now: now)
    }

    /// The header for a signed or token-signed request.
    public func authorization(for input: RequestSigningInput) async throws -> HTTPHeaderField {
        do {
            return try await header(for: input)
        } catch {
            SigningContext.current?.recordFailure(error)
            throw error
        }
    }

    private func header(for input: RequestSigningInput) async throws(MobileTokenError) -> HTTPHeaderField {
        var device = try await store.load()
        switch input.kind {
        case .basic:
            throw MobileTokenError(.signingFailed, "basic endpoints are not signed")
        case .tokenSigned(let tokenName):
            guard let token = device.token else {
                throw MobileTokenError(.missingActivation, "the activation has no \(tokenName) token")
            }
            let millis = Int64((now().timeIntervalSince1970 * 1000).rounded(.down))
            let header = TokenDigest.header(tokenId: token.id, tokenSecret: token.secret, timestampMillis: millis)
            return HTTPHeaderField(name: TokenHeader.name, value: header.value)
        case .signed(let uriId, let factor):
            guard let type = SignatureType(rawValue: factor.rawValue) else {
                throw MobileTokenError(.signingFailed, "unknown signature factor \(factor.rawValue)")
            }
            let secret = SigningContext.current?.password ?? password
            if type.factors.contains(.knowledge), secret == nil {
                throw MobileTokenError(.factorNotAllowed, "\(type.rawValue) needs the password")
            }
            if type.factors.contains(.biometry), device.biometryKey == nil {
                throw MobileTokenError(.factorNotAllowed, "the activation has no biometry key")
            }
            let value: String
            do {
                let keys = try device.factorKeys(password: type.factors.contains(.knowledge) ? secret : nil)
                let request = try SignedRequest(
                    method: input.method.rawValue, uriId: uriId,
                    nonce: SecureRandom.bytes(count: 16).base64EncodedString(), body: input.body)
                let header = try AuthorizationHeader.sign(
                    request: request, type: type, keys: keys, counter: device.signatureCounter(),
                    activationId: device.activationId, applicationKey: device.applicationKey,
                    applicationSecret: device.applicationSecret, version: device.protocolVersion)
                value = header.value
                try device.advanceCounter()
            } catch {
                throw MobileTokenError(.signingFailed, "cannot sign \(uriId): \(error.reason)")
            }
            try await store.save(device)
            return HTTPHeaderField(name: AuthorizationHeader.name, value: value)
        }
    }
}
