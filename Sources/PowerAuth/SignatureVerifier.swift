public import FoundationEssentials
package import OfflineOperations
import QRAuthCrypto

/// The server's signature check with counter look-ahead, offline and online.
/// Comparisons are constant-time; the caller persists the returned state.
public struct SignatureVerifier: Sendable {
    /// The look-ahead window: how many counter values from the server's are tried (1...64).
    public let lookAhead: Int

    /// Makes a verifier; `lookAhead` must be 1...64 (server default 20).
    public init(lookAhead: Int = 20) throws(PowerAuthError) {
        guard (1...64).contains(lookAhead) else {
            throw PowerAuthError(.lookAhead, "the look-ahead window must be 1 to 64, not \(lookAhead)")
        }
        self.lookAhead = lookAhead
    }

    /// Proximity check parameters: the TOTP seed, step and how many past steps are accepted.
    public struct ProximityTOTP: Sendable {
        /// The TOTP seed (raw bytes).
        public var seed: Data
        /// The step in seconds.
        public var step: Int64
        /// How many steps into the past are accepted besides the current one.
        public var pastSteps: Int
        /// TOTP digits (default 8).
        public var digits: Int
        /// The current Unix time in seconds (injected).
        public var unixTime: Int64

        /// Makes proximity parameters.
        public init(seed: Data, step: Int64 = 30, pastSteps: Int = 1, digits: Int = 8, unixTime: Int64) {
            self.seed = seed
            self.step = step
            self.pastSteps = pastSteps
            self.digits = digits
            self.unixTime = unixTime
        }
    }

    /// Checks an offline approval code against `requestData` (`POST&B64(uriId)&NONCE&B64(body)`, without the
    /// secret): types `possession_knowledge` then, if allowed, `possession_biometry`; decimal `componentLength`.
    package func verifyOffline(
        code: String, requestData: String, allowBiometry: Bool, componentLength: Int = 8, keys: FactorKeys,
        state: ServerCounterState, proximity: ProximityTOTP? = nil
    ) throws(PowerAuthError) -> SignatureVerification {
        let format = try SignatureFormat.offline(length: componentLength)
        let types: [SignatureType] =
            allowBiometry ? [.possessionKnowledge, .possessionBiometry] : [.possessionKnowledge]
        var dataCandidates: [(data: Data, totp: String?)] = []
        if let proximity {
            let totps = try TOTP.candidates(
                seed: proximity.seed, unixTime: proximity.unixTime, step: proximity.step,
                pastSteps: proximity.pastSteps, digits: proximity.digits)
            for totp in totps {
                dataCandidates.append((Data((try Self.appendingTOTP(totp, to: requestData) + "&offline").utf8), totp))
            }
        } else {
            dataCandidates.append((Data((requestData + "&offline").utf8), nil))
        }
        return try verify(
            signature: code, candidates: dataCandidates, types: types, format: format, keys: keys, state: state,
            countsFailures: true)
    }

    /// Checks an online signature over `normalizedData` (request data `&` application secret) of one type, in
    /// the format of `version`. A failed `possession` signature does not count as a failed attempt.
    package func verifyOnline(
        signature: String, type: SignatureType, version: ProtocolVersion, normalizedData: Data, keys: FactorKeys,
        state: ServerCounterState
    ) throws(PowerAuthError) -> SignatureVerification {
        try verify(
            signature: signature, candidates: [(normalizedData, nil)], types: [type],
            format: SignatureFormat(version: version), keys: keys, state: state, countsFailures: type != .possession)
    }

    /// Replaces the last `&`-field of request data (Base64 body) with Base64(body `&` totp), as the server does.
    static func appendingTOTP(_ totp: String, to requestData: String) throws(PowerAuthError) -> String {
        guard let amp = requestData.lastIndex(of: "&") else {
            throw PowerAuthError(.payload, "the request data has no body field")
        }
        let body = try Base64Field.decode(String(requestData[requestData.index(after: amp)...]), field: "the body")
        var extended = body
        extended.append(contentsOf: Array("&\(totp)".utf8))
        return String(requestData[...amp]) + extended.base64EncodedString()
    }

    private func verify(
        signature: String, candidates: [(data: Data, totp: String?)], types: [SignatureType],
        format: SignatureFormat, keys: FactorKeys, state: ServerCounterState, countsFailures: Bool
    ) throws(PowerAuthError) -> SignatureVerification {
        var state = state
        let firstType = types[0]
        guard state.status == .active else {
            return SignatureVerification(
                isValid: false, matchedIteration: nil, signatureType: firstType, matchedTOTP: nil, state: state,
                blockedNow: false, refusal: "the activation is \(state.status.rawValue)")
        }
        if state.failedAttempts >= state.maxFailedAttempts {
            state.status = .blocked
            return SignatureVerification(
                isValid: false, matchedIteration: nil, signatureType: firstType, matchedTOTP: nil, state: state,
                blockedNow: true, refusal: "too many failed attempts")
        }
        for type in types { _ = try keys.keys(for: type) }
        let presented = Data(signature.utf8)
        // The counter values of the window are the same for every candidate: compute them once.
        var counters = [try state.signatureCounter()]
        counters.reserveCapacity(lookAhead)
        for candidate in candidates {
            let calculator = ComponentCache(keys: keys, counterData: counters[0].counterData, data: candidate.data)
            for iteration in 0..<lookAhead {
                if iteration == counters.count { counters.append(counters[iteration - 1].advanced()) }
                let counter = counters[iteration]
                calculator.reset(counterData: counter.counterData)
                for type in types {
                    let expected = PowerAuthSignature.render(calculator.components(for: type), format: format)
                    if ConstantTime.equals(Data(expected.utf8), presented) {
                        state.counter = state.counter &+ UInt64(iteration + 1)
                        if case .hashBased = counter { state.ctrData = counter.advanced().counterData }
                        if type != .possession { state.failedAttempts = 0 }
                        return SignatureVerification(
                            isValid: true, matchedIteration: iteration, signatureType: type,
                            matchedTOTP: candidate.totp, state: state, blockedNow: false, refusal: nil)
                    }
                }
            }
        }
        var blockedNow = false
        if countsFailures {
            state.failedAttempts += 1
            if state.maxFailedAttempts - state.failedAttempts <= 0 {
                state.status = .blocked
                blockedNow = true
            }
        }
        return SignatureVerification(
            isValid: false, matchedIteration: nil, signatureType: firstType, matchedTOTP: nil, state: state,
            blockedNow: blockedNow, refusal: nil)
    }
}
