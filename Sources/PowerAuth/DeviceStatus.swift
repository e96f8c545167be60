public import FoundationEssentials
public import OfflineOperations
import QRAuthCrypto

extension ActivationStatus {
    /// The state of a status-blob byte (1 CREATED … 5 REMOVED), or nil.
    public init?(statusByte: UInt8) {
        guard let status = Self.allCases.first(where: { $0.statusByte == statusByte }) else { return nil }
        self = status
    }
}

/// Where the device's counter stands against the server's, as a status answer shows it.
public enum CounterPosition: Sendable, Equatable {
    /// The device's next counter is the one the server expects.
    case inSync
    /// The server is this many steps ahead (the device lost signatures, e.g. an old copy of its file); the
    /// device adopted the server's counter.
    case deviceBehind(Int)
    /// The device made this many signatures the server has not seen (unsent or refused codes).
    case deviceAhead(Int)
    /// The counters do not meet within the look-ahead window (or the activation has no hash-based counter).
    case unknown

    /// `in_sync`, `device_behind`, `device_ahead` or `unknown`.
    public var name: String {
        switch self {
        case .inSync: "in_sync"
        case .deviceBehind: "device_behind"
        case .deviceAhead: "device_ahead"
        case .unknown: "unknown"
        }
    }

    /// The steps between the two counters (0 in sync, nil when unknown).
    public var distance: Int? {
        switch self {
        case .inSync: 0
        case .deviceBehind(let steps), .deviceAhead(let steps): steps
        case .unknown: nil
        }
    }
}

/// A decoded activation status answer (`/pa/v3/activation/status`), with the counter comparison.
public struct ActivationStatusReport: Sendable, Equatable {
    /// The activation state.
    public var state: ActivationStatus
    /// The activation's protocol version byte (2 or 3).
    public var currentVersion: Int
    /// The highest version the server offers.
    public var upgradeVersion: Int
    /// Failed attempts so far.
    public var failedAttempts: Int
    /// Failed attempts allowed before the activation is blocked.
    public var maxFailedAttempts: Int
    /// The server's look-ahead window.
    public var lookAhead: Int
    /// Where the device's counter stands against the server's.
    public var counter: CounterPosition

    /// Makes a report from its fields.
    public init(
        state: ActivationStatus, currentVersion: Int, upgradeVersion: Int, failedAttempts: Int, maxFailedAttempts: Int,
        lookAhead: Int, counter: CounterPosition
    ) {
        self.state = state
        self.currentVersion = currentVersion
        self.upgradeVersion = upgradeVersion
        self.failedAttempts = failedAttempts
        self.maxFailedAttempts = maxFailedAttempts
        self.lookAhead = lookAhead
        self.counter = counter
    }

    /// Failed attempts left before the activation is blocked.
    public var remainingAttempts: Int { max(0, maxFailedAttempts - failedAttempts) }
}

/// What the device file keeps of the last status answer.
package struct DeviceStatusRecord: Sendable, Equatable, Codable {
    /// The state's name, e.g. `ACTIVE`.
    public var state: String
    /// Failed attempts so far.
    public var failedAttempts: Int
    /// Failed attempts allowed.
    public var maxFailedAttempts: Int
    /// `in_sync`, `device_behind`, `device_ahead` or `unknown`.
    public var counterPosition: String
    /// Steps between the counters, when known.
    public var counterDistance: Int?
    /// When the answer arrived, Unix milliseconds on the server-synchronised clock.
    public var checkedAtMillis: Int64

    /// Makes a record of a report.
    public init(_ report: ActivationStatusReport, checkedAtMillis: Int64) {
        state = report.state.rawValue
        failedAttempts = report.failedAttempts
        maxFailedAttempts = report.maxFailedAttempts
        counterPosition = report.counter.name
        counterDistance = report.counter.distance
        self.checkedAtMillis = checkedAtMillis
    }
}

/// The device side of `/pa/v3/activation/status` as values: the challenge, then the decoded answer.
public enum DeviceStatusFlow {
    /// A fresh 16-byte challenge (its Base64 text goes into the request).
    public static func makeChallenge() -> Data {
        SecureRandom.bytes(count: 16)
    }

    /// Decrypts and checks the blob with the device's transport key and compares the counters; `activation`
    /// is not changed (see `DeviceActivation.apply(_:)`). Checks as the mobile SDK does: 32 bytes, magic
    /// `DE C0 DE D1…DF`, status 1 to 5, look-ahead 1 to 64.
    public static func report(
        for activation: DeviceActivation, encryptedBlob: Data, challenge: Data, nonce: Data
    ) throws(PowerAuthError) -> ActivationStatusReport {
        guard challenge.count == 16, nonce.count == 16 else {
            throw PowerAuthError(.statusBlob, "the status challenge and nonce must be 16 bytes each")
        }
        let blob = try ActivationStatusBlob(
            encrypted: encryptedBlob, transportKey: activation.transportKey, challenge: challenge, nonce: nonce)
        guard let state = ActivationStatus(statusByte: blob.status) else {
            throw PowerAuthError(.statusBlob, "the status blob has an unknown status \(blob.status)")
        }
        guard (1...64).contains(blob.lookAhead) else {
            throw PowerAuthError(.statusBlob, "the status blob has a look-ahead of \(blob.lookAhead), not 1 to 64")
        }
        return ActivationStatusReport(
            state: state, currentVersion: Int(blob.currentVersion), upgradeVersion: Int(blob.upgradeVersion),
            failedAttempts: Int(blob.failedAttempts), maxFailedAttempts: Int(blob.maxFailedAttempts),
            lookAhead: Int(blob.lookAhead), counter: try position(of: activation, against: blob))
    }

    /// Walks the device's `CTR_DATA` forward (server ahead or in sync, proven by the hash); otherwise the counter
    /// byte tells how far the device is ahead.
    static func position(
        of activation: DeviceActivation, against blob: ActivationStatusBlob
    ) throws(PowerAuthError) -> CounterPosition {
        guard let ctrData = activation.ctrData else { return .unknown }
        if let distance = try blob.counterDistance(localCtrData: ctrData, transportKey: activation.transportKey) {
            return distance == 0 ? .inSync : .deviceBehind(distance)
        }
        let ahead = Int(UInt8(truncatingIfNeeded: activation.counter) &- blob.counterByte)
        return ahead > 0 ? .deviceAhead(ahead) : .unknown
    }
}

extension DeviceActivation {
    /// Applies a status answer: a device behind the server adopts the server's counter; the unconfirmed count,
    /// look-ahead and last status are updated; a REMOVED answer marks the file removed.
    public mutating func apply(_ report: ActivationStatusReport, checkedAtMillis: Int64) {
        switch report.counter {
        case .inSync:
            unconfirmedSignatures = 0
        case .deviceBehind(let steps):
            if let ctrData { self.ctrData = SignatureCounter.hashBased(ctrData).advanced(by: steps).counterData }
            counter = counter &+ UInt64(steps)
            unconfirmedSignatures = 0
        case .deviceAhead(let steps):
            unconfirmedSignatures = steps
        case .unknown:
            break
        }
        lookAhead = report.lookAhead
        lastStatus = DeviceStatusRecord(report, checkedAtMillis: checkedAtMillis)
        if report.state == .removed { removed = true }
    }
}
