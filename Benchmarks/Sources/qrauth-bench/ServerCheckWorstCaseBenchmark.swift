import Foundation
import OfflineOperations
import PowerAuth

/// The server's worst case: a wrong code that must be tried at every counter value of the window (20)
/// for both factor types (possession_knowledge, possession_biometry): 40 signatures per check.
struct ServerCheckWorstCaseBenchmark: Benchmark {
    let name = "server-check-worst"
    let summary = "ServerActivation.verifyApprovalCode, wrong code, window 20, biometry allowed (40 candidates)"

    func prepare() throws -> () -> Int {
        let pair = try ActivationFactory.create(password: "1234", biometry: true, lookAhead: 20)
        let operation = try OfflineOperation(ApprovalCodeBenchmark.qrText)
        let good = try operation.approvalCode(
            factor: .knowledge, keys: pair.device.factorKeys(password: "1234"),
            counter: pair.device.signatureCounter())
        let check = try ApprovalCodeCheck(operation: operation, allowBiometry: true, lookAhead: 20)
        // The keys a server caches per activation; every check starts from the same stored state.
        let keys = try pair.server.factorKeys()
        var accepting = pair.server
        guard try accepting.verifyApprovalCode(good, check, keys: keys).isValid else {
            throw BenchmarkFailure("the device's code is not accepted")
        }
        let wrong = "00000000-00000000"
        return {
            var server = pair.server
            let result = try? server.verifyApprovalCode(wrong, check, keys: keys)
            return result?.isValid == false ? 1 : 0
        }
    }
}
