import Foundation
import OfflineOperations
import PowerAuth
import QRAuthCrypto
import Testing

@Suite("Server-side look-ahead verification")
struct SignatureVerifierTests {
    static let requestData = try! OfflineApproval.request(
        operationId: "op-1", operationData: "A1*A100CZK", totp: nil, nonce: "AD8bOO0Df73kNaIGb3Vmpg==",
        uriId: OfflineApproval.defaultURIID
    ).requestData

    static func fixture() throws -> (keys: FactorKeys, start: SignatureCounter) {
        let keys = try DerivedKeys(masterSecret: SecureRandom.bytes(count: 16)).factorKeys
        return (keys, SignatureCounter.randomHashBased())
    }

    static func code(
        _ keys: FactorKeys, _ counter: SignatureCounter, factor: OfflineApproval.Factor = .knowledge
    )
        throws -> String
    {
        let request = try OfflineApproval.request(
            operationId: "op-1", operationData: "A1*A100CZK", totp: nil, nonce: "AD8bOO0Df73kNaIGb3Vmpg==")
        return try OfflineApproval.code(request: request, factor: factor, keys: keys, counter: counter)
    }

    @Test(arguments: [1, 5, 20, 64])
    func windowIsHalfOpen(lookAhead: Int) throws {
        let (keys, start) = try Self.fixture()
        let verifier = try SignatureVerifier(lookAhead: lookAhead)
        let state = ServerCounterState(counter: 7, ctrData: start.counterData)
        let last = try verifier.verifyOffline(
            code: Self.code(keys, start.advanced(by: lookAhead - 1)), requestData: Self.requestData,
            allowBiometry: false, keys: keys, state: state)
        #expect(last.isValid)
        #expect(last.matchedIteration == lookAhead - 1)
        #expect(last.state.counter == 7 + UInt64(lookAhead))
        #expect(last.state.ctrData == start.advanced(by: lookAhead).counterData)
        let beyond = try verifier.verifyOffline(
            code: Self.code(keys, start.advanced(by: lookAhead)), requestData: Self.requestData,
            allowBiometry: false, keys: keys, state: state)
        #expect(!beyond.isValid)
        #expect(beyond.state.failedAttempts == 1)
        #expect(beyond.state.ctrData == start.counterData)
    }

    @Test(arguments: OfflineApproval.Factor.allCases)
    func everyIterationOfTheWindowMatchesForBothFactors(factor: OfflineApproval.Factor) throws {
        // The verifier reuses one component cache and the window's counters across types; each code still
        // matches exactly at the iteration and type it was computed for.
        let (keys, start) = try Self.fixture()
        let verifier = try SignatureVerifier(lookAhead: 20)
        let state = ServerCounterState(counter: 0, ctrData: start.counterData)
        for iteration in 0..<20 {
            let result = try verifier.verifyOffline(
                code: Self.code(keys, start.advanced(by: iteration), factor: factor), requestData: Self.requestData,
                allowBiometry: true, keys: keys, state: state)
            #expect(result.isValid)
            #expect(result.matchedIteration == iteration)
            #expect(result.signatureType == factor.signatureType)
            #expect(result.state.ctrData == start.advanced(by: iteration + 1).counterData)
        }
    }

    @Test func lookAheadRange() {
        #expect(throws: PowerAuthError(.lookAhead, "")) { try SignatureVerifier(lookAhead: 0) }
        #expect(throws: PowerAuthError(.lookAhead, "")) { try SignatureVerifier(lookAhead: 65) }
    }

    @Test func blocksAfterFiveFailuresAndStaysBlocked() throws {
        let (keys, start) = try Self.fixture()
        let verifier = try SignatureVerifier()
        var state = ServerCounterState(ctrData: start.counterData)
        for attempt in 1...5 {
            let result = try verifier.verifyOffline(
                code: "00000000-00000000", requestData: Self.requestData, allowBiometry: true, keys: keys, state: state)
            #expect(!result.isValid)
            #expect(result.state.failedAttempts == attempt)
            #expect(result.blockedNow == (attempt == 5))
            state = result.state
        }
        #expect(state.status == .blocked)
        let good = try verifier.verifyOffline(
            code: Self.code(keys, start), requestData: Self.requestData, allowBiometry: false, keys: keys, state: state)
        #expect(!good.isValid)
        #expect(good.refusal != nil)
        #expect(good.state.failedAttempts == 5)
    }

    @Test func successResetsFailedAttemptsAndReplayIsRejected() throws {
        let (keys, start) = try Self.fixture()
        let verifier = try SignatureVerifier()
        var state = ServerCounterState(ctrData: start.counterData)
        state.failedAttempts = 3
        let code = try Self.code(keys, start.advanced(by: 2))
        let accepted = try verifier.verifyOffline(
            code: code, requestData: Self.requestData, allowBiometry: false, keys: keys, state: state)
        #expect(accepted.isValid)
        #expect(accepted.state.failedAttempts == 0)
        #expect(accepted.state.counter == 3)
        let replay = try verifier.verifyOffline(
            code: code, requestData: Self.requestData, allowBiometry: false, keys: keys, state: accepted.state)
        #expect(!replay.isValid)
        let older = try verifier.verifyOffline(
            code: Self.code(keys, start), requestData: Self.requestData, allowBiometry: false, keys: keys,
            state: accepted.state)
        #expect(!older.isValid)
    }

    @Test func biometryOnlyWhenAllowed() throws {
        let (keys, start) = try Self.fixture()
        let verifier = try SignatureVerifier()
        let state = ServerCounterState(ctrData: start.counterData)
        let code = try Self.code(keys, start, factor: .biometry)
        let refused = try verifier.verifyOffline(
            code: code, requestData: Self.requestData, allowBiometry: false, keys: keys, state: state)
        #expect(!refused.isValid)
        #expect(refused.signatureType == .possessionKnowledge)
        let accepted = try verifier.verifyOffline(
            code: code, requestData: Self.requestData, allowBiometry: true, keys: keys, state: state)
        #expect(accepted.isValid)
        #expect(accepted.signatureType == .possessionBiometry)
    }

    @Test func onePossessionFactorIsNeverAcceptedOffline() throws {
        let (keys, start) = try Self.fixture()
        let request = try OfflineApproval.request(
            operationId: "op-1", operationData: "A1*A100CZK", totp: nil, nonce: "AD8bOO0Df73kNaIGb3Vmpg==")
        let possession = try PowerAuthSignature.compute(
            type: .possession, keys: keys, counter: start, data: request.normalizedData(applicationSecret: "offline"),
            format: .decimal(length: 8))
        let result = try SignatureVerifier().verifyOffline(
            code: possession, requestData: request.requestData, allowBiometry: true, keys: keys,
            state: ServerCounterState(ctrData: start.counterData))
        #expect(!result.isValid)
    }

    @Test func proximityTOTPCandidates() throws {
        let (keys, start) = try Self.fixture()
        let seed = SecureRandom.bytes(count: 32)
        let issued: Int64 = 1_700_000_000
        let totp = try TOTP.code(seed: seed, unixTime: issued)
        let request = try OfflineApproval.request(
            operationId: "op-1", operationData: "A1*A100CZK", totp: totp, nonce: "AD8bOO0Df73kNaIGb3Vmpg==")
        let code = try OfflineApproval.code(request: request, factor: .knowledge, keys: keys, counter: start)
        let verifier = try SignatureVerifier()
        let state = ServerCounterState(ctrData: start.counterData)
        let plain = try OfflineApproval.request(
            operationId: "op-1", operationData: "A1*A100CZK", totp: nil, nonce: "AD8bOO0Df73kNaIGb3Vmpg=="
        ).requestData
        let inTime = try verifier.verifyOffline(
            code: code, requestData: plain, allowBiometry: false, keys: keys, state: state,
            proximity: .init(seed: seed, step: 30, pastSteps: 1, unixTime: issued + 30))
        #expect(inTime.isValid)
        #expect(inTime.matchedTOTP == totp)
        let late = try verifier.verifyOffline(
            code: code, requestData: plain, allowBiometry: false, keys: keys, state: state,
            proximity: .init(seed: seed, step: 30, pastSteps: 1, unixTime: issued + 90))
        #expect(!late.isValid)
    }

    @Test func onlineFailedPossessionDoesNotCount() throws {
        let (keys, start) = try Self.fixture()
        let verifier = try SignatureVerifier()
        let state = ServerCounterState(ctrData: start.counterData)
        let possession = try verifier.verifyOnline(
            signature: "AAAAAAAAAAAAAAAAAAAAAA==", type: .possession, version: .v33, normalizedData: Data("x".utf8),
            keys: keys, state: state)
        #expect(!possession.isValid)
        #expect(possession.state.failedAttempts == 0)
        let twoFactor = try verifier.verifyOnline(
            signature: "AAAAAAAAAAAAAAAAAAAAAA==", type: .possessionKnowledge, version: .v33,
            normalizedData: Data("x".utf8), keys: keys, state: state)
        #expect(twoFactor.state.failedAttempts == 1)
    }

    @Test func numericCounterVersionTwo() throws {
        let (keys, _) = try Self.fixture()
        let code = try Self.code(keys, .numeric(12))
        let result = try SignatureVerifier().verifyOffline(
            code: code, requestData: Self.requestData, allowBiometry: false, keys: keys,
            state: ServerCounterState(counter: 10, ctrData: nil))
        #expect(result.isValid)
        #expect(result.matchedIteration == 2)
        #expect(result.state.counter == 13)
        #expect(result.state.ctrData == nil)
    }
}
