import Foundation
import OfflineOperations
import PowerAuth

/// One offline approval code (possession_knowledge, 2×8 digits) with the keys at hand: what a token
/// does per scanned QR after unlocking the knowledge key.
struct ApprovalCodeBenchmark: Benchmark {
    let name = "approval-code"
    let summary = "OfflineOperation.approvalCode: possession_knowledge, 8 digits, spec worked example inputs"

    /// The worked example of spec §2.5 (derived/offline-approval-codes.json).
    static let masterSecret = Data(base64Encoded: "3dgzZJ/h4QsBXia/PIaRsQ==")!
    static let ctrData = Data(base64Encoded: "iot8JyJkOXApa+MWzuKF2w==")!
    static let operationId = "5ff1b1ed-a3cc-45a3-8ab0-ed60950312b6"
    static let operationData = "A1*A100CZK*ICZ2730300000001165254011*D20180425"
    static let nonce = "AD8bOO0Df73kNaIGb3Vmpg=="
    static let expected = "39986837-97166075"
    /// The worked example as a scanned QR payload (7 lines: no TOTP); the approval code does not read the signature.
    static let qrText = [
        operationId, "Payment", "Please confirm this payment", operationData, "B", nonce,
        "0MEYCIQDby1Uq+MaxiAAGzKmE/McHzNOUrvAP2qqGBvSgcdtyjgIhAMo1sgqNa1pPZTFBhhKvCKFLGDuHuTTYexdmHFjUUIJW",
    ].joined(separator: "\n")

    func prepare() throws -> () -> Int {
        let keys = try DerivedKeys(masterSecret: Self.masterSecret).factorKeys
        let counter = try SignatureCounter.hashBased(validating: Self.ctrData)
        let operation = try OfflineOperation(Self.qrText)
        let code = try operation.approvalCode(factor: .knowledge, keys: keys, counter: counter)
        guard code == Self.expected else { throw BenchmarkFailure("approval code \(code), expected \(Self.expected)") }
        return {
            let code = try? operation.approvalCode(factor: .knowledge, keys: keys, counter: counter)
            return code?.utf8.count ?? 0
        }
    }
}
