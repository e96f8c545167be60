import Foundation
import PowerAuth

/// The server's worst case: a wrong code that must be tried at every counter value of the window (20)
/// for both factor types (possession_knowledge, possession_biometry): 40 signatures per check.
struct ServerCheckWorstCaseBenchmark: Benchmark {
    let name = "server-check-worst"
    let summary = "SignatureVerifier.verifyOffline, wrong code, window 20, biometry allowed (40 candidates)"

    func prepare() throws -> () -> Int {
        let keys = try DerivedKeys(masterSecret: ApprovalCodeBenchmark.masterSecret).factorKeys
        let state = ServerCounterState(counter: 5, ctrData: ApprovalCodeBenchmark.ctrData)
        let requestData = try OfflineApproval.request(
            operationId: ApprovalCodeBenchmark.operationId, operationData: ApprovalCodeBenchmark.operationData,
            totp: nil, nonce: ApprovalCodeBenchmark.nonce
        ).requestData
        let verifier = try SignatureVerifier(lookAhead: 20)
        let good = try verifier.verifyOffline(
            code: ApprovalCodeBenchmark.expected, requestData: requestData, allowBiometry: true, keys: keys,
            state: state)
        guard good.isValid else { throw BenchmarkFailure("the known code is not accepted") }
        let wrong = "00000000-00000000"
        return {
            let result = try? verifier.verifyOffline(
                code: wrong, requestData: requestData, allowBiometry: true, keys: keys, state: state)
            return result?.isValid == false ? 1 : 0
        }
    }
}
