import Foundation
import OfflineOperations
import PowerAuth
import Testing

/// An activation in memory that can be told to fail its saves; counts the saves it did.
final class TestStore<Activation: Equatable & Sendable>: ActivationStore, @unchecked Sendable {
    // @unchecked Sendable: every property is read and written while `lock` is held (cycles use `cycle`).
    struct SaveFailed: Error {}

    private let lock = NSLock()
    private let cycle = NSLock()
    private var value: Activation
    private var failing = false
    private var saveCount = 0

    init(_ value: Activation) {
        self.value = value
    }

    var current: Activation { lock.withLock { value } }
    var saves: Int { lock.withLock { saveCount } }

    func failSaves(_ fail: Bool) { lock.withLock { failing = fail } }

    func load() throws -> Activation { lock.withLock { value } }

    func save(_ activation: Activation) throws {
        try lock.withLock {
            if failing { throw SaveFailed() }
            value = activation
            saveCount += 1
        }
    }

    func withExclusiveAccess<R>(_ body: () throws -> R) throws -> R {
        try cycle.withLock { try body() }
    }
}

@Suite("Device and server transactions: ordering, locking, confirmation")
struct TransactionTests {
    struct Setup {
        let device: TestStore<DeviceActivation>
        let server: TestStore<ServerActivation>
        let operation: OfflineOperation

        var phone: DeviceTransactions { DeviceTransactions(store: device) }
        var bank: ServerTransactions { ServerTransactions(store: server) }

        init(maxFailedAttempts: Int = 5, signWith: OfflineOperation.SigningKey = .master) throws {
            let pair = try ActivationFactory.create(
                password: "1234", biometry: true, maxFailedAttempts: maxFailedAttempts)
            device = TestStore(pair.device)
            server = TestStore(pair.server)
            let key = try signWith == .master ? pair.server.masterSigningKey() : pair.server.serverSigningKey()
            let payload = try OfflinePayloadSigner.sign(
                data: "5ff1b1ed-a3cc-45a3-8ab0-ed60950312b6\nPay\nPlease confirm\nA1*A100CZK\nB", privateKey: key,
                signingKey: signWith)
            operation = try OfflineOperation(payload.text)
        }

        func approve(password: String = "1234") throws -> OfflineApproval.Receipt {
            guard case .approved(let receipt) = try phone.approve(operation, factor: .knowledge, password: password)
            else {
                Issue.record("the operation was refused")
                throw TestStore<Int>.SaveFailed()
            }
            return receipt
        }

        var check: ApprovalCodeCheck {
            get throws { try ApprovalCodeCheck(operation: operation, allowBiometry: true) }
        }
    }

    @Test func anApprovedCodeIsSavedThenAcceptedByTheServer() throws {
        let setup = try Setup()
        let receipt = try setup.approve()
        #expect(receipt.counter == 0)
        #expect(receipt.signatureCheck == .valid)
        #expect(setup.device.current.counter == 1)
        #expect(setup.device.current.unconfirmedSignatures == 1)
        #expect(setup.device.saves == 1)
        #expect(receipt.activation == setup.device.current)

        let (verdict, saved) = try setup.bank.verifyApprovalCode(receipt.code, setup.check)
        #expect(verdict.isValid)
        #expect(verdict.matchedIteration == 0)
        #expect(saved == setup.server.current)
        #expect(setup.server.current.counters.counter == 1)
        #expect(setup.server.current.lastSignatureType == .possessionKnowledge)
        // The same code again is a replay: the counter has moved past it.
        #expect(try !setup.bank.verifyApprovalCode(receipt.code, setup.check).verification.isValid)
    }

    @Test func noCodeLeavesWhenTheCounterCannotBeSaved() throws {
        let setup = try Setup()
        let before = setup.device.current
        setup.device.failSaves(true)
        #expect(throws: TestStore<DeviceActivation>.SaveFailed.self) {
            _ = try setup.phone.approve(setup.operation, factor: .knowledge, password: "1234")
        }
        #expect(setup.device.current == before)
        setup.device.failSaves(false)
        // The next code uses the counter the failed run could not save: it was never shown.
        #expect(try setup.approve().counter == 0)
    }

    @Test func aRefusedOperationChangesNothing() throws {
        let setup = try Setup()
        var tampered = setup.operation.rawLines
        tampered[3] = "A1*A999CZK"
        let forged = try OfflineOperation(tampered.joined(separator: "\n"))
        let outcome = try setup.phone.approve(forged, factor: .knowledge, password: "1234")
        #expect(outcome == .refused(.invalid))
        #expect(setup.device.saves == 0)
        guard
            case .approved(let receipt) = try setup.phone.approve(
                forged, factor: .knowledge, password: "1234", allowUnverified: true)
        else {
            Issue.record("--unverified was refused")
            return
        }
        #expect(receipt.signatureCheck == .invalid)
        #expect(setup.device.current.counter == 1)
    }

    @Test func biometryNeedsTheFlagAndTheKey() throws {
        let setup = try Setup()
        let receipt = try setup.phone.approve(setup.operation, factor: .biometry, password: nil)
        guard case .approved(let approved) = receipt else {
            Issue.record("biometry was refused")
            return
        }
        #expect(approved.signatureType == .possessionBiometry)
        #expect(try setup.bank.verifyApprovalCode(approved.code, setup.check).verification.isValid)
    }

    @Test func aRejectionIsSavedBeforeItIsReported() throws {
        let setup = try Setup()
        let (verdict, _) = try setup.bank.verifyApprovalCode("00000000-00000000", setup.check)
        #expect(!verdict.isValid)
        #expect(setup.server.current.counters.failedAttempts == 1)
        #expect(setup.server.saves == 1)

        let before = setup.server.current
        setup.server.failSaves(true)
        #expect(throws: TestStore<ServerActivation>.SaveFailed.self) {
            _ = try setup.bank.verifyApprovalCode("00000000-00000000", setup.check)
        }
        #expect(setup.server.current == before)
    }

    @Test func wrongCodesBlockTheActivationAtTheLimit() throws {
        let setup = try Setup(maxFailedAttempts: 5)
        for attempt in 1...5 {
            let (verdict, _) = try setup.bank.verifyApprovalCode("12345678-12345678", setup.check)
            #expect(!verdict.isValid)
            #expect(verdict.blockedNow == (attempt == 5))
        }
        #expect(setup.server.current.counters.status == .blocked)
        #expect(setup.server.current.counters.failedAttempts == 5)
        // Blocked: even the right code is refused.
        let receipt = try setup.approve()
        let (verdict, _) = try setup.bank.verifyApprovalCode(receipt.code, setup.check)
        #expect(!verdict.isValid)
        #expect(verdict.refusal != nil)
    }

    @Test func parallelApprovalsNeverShareACounter() async throws {
        let setup = try Setup()
        let codes = try await withThrowingTaskGroup(of: (String, UInt64).self) { group in
            for _ in 0..<24 {
                group.addTask {
                    let receipt = try setup.approve()
                    return (receipt.code, receipt.counter)
                }
            }
            var results: [(String, UInt64)] = []
            for try await result in group { results.append(result) }
            return results
        }
        #expect(Set(codes.map(\.0)).count == 24)
        #expect(Set(codes.map(\.1)) == Set(0..<24))
        #expect(setup.device.current.counter == 24)
    }

    @Test func anAcceptedOnlineSignatureConfirmsTheCounter() throws {
        let setup = try Setup()
        let body = Data(#"{"requestObject":{"id":"1"}}"#.utf8)
        let first = try setup.phone.sign(
            method: "POST", uriId: "/operation/authorize", body: body, type: .possessionKnowledge, password: "1234")
        let second = try setup.phone.sign(
            method: "POST", uriId: "/operation/authorize", body: body, type: .possession, password: nil)
        #expect(first.counter == 0)
        #expect(second.counter == 1)
        #expect(setup.device.current.unconfirmedSignatures == 2)

        let verdict = try setup.bank.verifySignature(first.header, uriId: "/operation/authorize", body: body)
        #expect(verdict.isValid)
        try setup.phone.confirm(first)
        // The second signature is still unconfirmed.
        #expect(setup.device.current.unconfirmedSignatures == 1)
        try setup.phone.confirm(second)
        #expect(setup.device.current.unconfirmedSignatures == 0)
        #expect(setup.device.current.counter == 2)
        // Confirming an old signature again never raises the count.
        try setup.phone.confirm(first)
        #expect(setup.device.current.unconfirmedSignatures == 0)
    }

    @Test func manyAcceptedOnlineCallsLeaveNoLockOutWarning() throws {
        let setup = try Setup()
        let body = Data("{}".utf8)
        for _ in 0..<25 {
            let signature = try setup.phone.sign(
                method: "POST", uriId: "/operation/history", body: body, type: .possessionKnowledge, password: "1234")
            #expect(try setup.bank.verifySignature(signature.header, uriId: "/operation/history", body: body).isValid)
            try setup.phone.confirm(signature)
        }
        #expect(setup.device.current.counter == 25)
        #expect(setup.device.current.lookAheadWarning == nil)
    }

    @Test func aSignatureIsNotReturnedWhenTheCounterCannotBeSaved() throws {
        let setup = try Setup()
        setup.device.failSaves(true)
        #expect(throws: TestStore<DeviceActivation>.SaveFailed.self) {
            _ = try setup.phone.sign(
                method: "POST", uriId: "/x", body: Data(), type: .possession, password: nil)
        }
        #expect(setup.device.current.counter == 0)
        #expect(throws: PowerAuthError(.missingFactorKey, "")) {
            _ = try setup.phone.sign(
                method: "POST", uriId: "/x", body: Data(), type: .possessionKnowledge, password: nil)
        }
    }

    @Test func signaturesForAnotherActivationOrApplicationAreRefusedWithoutCounting() throws {
        let setup = try Setup()
        let signature = try setup.phone.sign(
            method: "POST", uriId: "/x", body: Data(), type: .possessionKnowledge, password: "1234")
        var other = signature.header
        other.applicationKey = "AAAAAAAAAAAAAAAAAAAAAA=="
        let verdict = try setup.bank.verifySignature(other, uriId: "/x", body: Data())
        #expect(!verdict.isValid)
        #expect(verdict.refusal == "the application key does not belong to this activation")
        #expect(setup.server.current.counters.failedAttempts == 0)
        #expect(setup.server.saves == 0)
    }

    @Test func synchroniseSetsTheDistanceFromTheServer() throws {
        let setup = try Setup()
        for _ in 0..<3 { _ = try setup.approve() }
        #expect(try setup.phone.synchronise(with: setup.server.current) == 3)
        #expect(setup.device.current.unconfirmedSignatures == 3)
        let other = try ActivationFactory.create(password: "1", biometry: false)
        #expect(throws: PowerAuthError(.activationMismatch, "")) {
            _ = try setup.phone.synchronise(with: other.server)
        }
    }
}
