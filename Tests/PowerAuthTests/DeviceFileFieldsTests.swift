import Foundation
import OfflineOperations
import PowerAuth
import Testing

/// The device-side fields issue 12 added to the device file: optional, so files written before them still load, and
/// round-tripped exactly when set.
@Suite("Device file: removed flag, last status, clock offset")
struct DeviceFileFieldsTests {
    static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("qrauth-device-\(UUID()).json").path
    }

    @Test("a file without the new fields loads (not removed, no status, no offset) and is written without them")
    func oldFilesLoad() throws {
        let device = try ActivationFactory.create(password: "1234", biometry: false).device
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try ActivationFile.write(device, to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains("removed") && !text.contains("lastStatus") && !text.contains("serverTimeOffsetMillis"))
        let loaded = try ActivationFile<DeviceActivation>.read(path)
        #expect(!loaded.isRemoved && loaded.lastStatus == nil && loaded.serverTimeOffsetMillis == nil)
        #expect(loaded == device)
    }

    @Test("the new fields round-trip; a removed file refuses approvals, signatures and token headers")
    func newFieldsRoundTrip() throws {
        var device = try ActivationFactory.create(password: "1234", biometry: false).device
        let report = ActivationStatusReport(
            state: .blocked, currentVersion: 3, upgradeVersion: 3, failedAttempts: 5, maxFailedAttempts: 5,
            lookAhead: 20, counter: .deviceAhead(2))
        device.apply(report, checkedAtMillis: 1_700_000_000_000)
        device.serverTimeOffsetMillis = -1_234
        device.removed = true
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try ActivationFile.write(device, to: path)
        let loaded = try ActivationFile<DeviceActivation>.read(path)
        #expect(loaded == device)
        #expect(loaded.lastStatus?.state == "BLOCKED")
        #expect(loaded.lastStatus?.counterPosition == "device_ahead" && loaded.lastStatus?.counterDistance == 2)
        #expect(loaded.unconfirmedSignatures == 2)
        let transactions = DeviceTransactions(path: path)
        #expect(throws: PowerAuthError(.activationRemoved, "")) {
            try transactions.sign(method: "POST", uriId: "/x", body: Data(), type: .possession, password: nil)
        }
        #expect(throws: PowerAuthError(.activationRemoved, "")) { try transactions.tokenHeader(timestampMillis: 1) }
        #expect(try ActivationFile<DeviceActivation>.read(path).counter == 0)
    }

    @Test("a device behind the server adopts its counter: CTR_DATA advanced by the distance, the counter too")
    func behindAdopts() throws {
        var device = try ActivationFactory.create(password: "1234", biometry: false).device
        let ctrData = try #require(device.ctrData)
        let report = ActivationStatusReport(
            state: .active, currentVersion: 3, upgradeVersion: 3, failedAttempts: 0, maxFailedAttempts: 5,
            lookAhead: 10, counter: .deviceBehind(3))
        device.apply(report, checkedAtMillis: 0)
        #expect(device.ctrData == SignatureCounter.hashBased(ctrData).advanced(by: 3).counterData)
        #expect(device.counter == 3 && device.unconfirmedSignatures == 0 && device.lookAhead == 10)
        #expect(!device.isRemoved)
        var removed = device
        removed.apply(
            ActivationStatusReport(
                state: .removed, currentVersion: 3, upgradeVersion: 3, failedAttempts: 0, maxFailedAttempts: 5,
                lookAhead: 10, counter: .unknown), checkedAtMillis: 0)
        #expect(removed.isRemoved)
    }
}
