import ArgumentParser
import OfflineOperations
import OperationsSync
import PowerAuth

/// `qrauth activation status --url BASE --device FILE`: `/pa/v3/activation/status` (or `/pa/v4` for a 4.0 device
/// file), the encrypted blob decoded.
struct ActivationStatusCommand: AsyncParsableCommand, EnrollmentLeafCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Ask the enrollment server for the activation's status (the encrypted status blob, decoded).",
        discussion: """
            Prints the state (CREATED, PENDING_COMMIT, ACTIVE, BLOCKED, REMOVED), failed and maximum attempts and \
            where the device's counter stands against the server's: in sync, behind (the device adopts the server's \
            counter) or ahead (codes the server has not seen). The device file learns the answer; a REMOVED answer \
            marks it removed. A 4.0 device file asks /pa/v4/activation/status (activation-scope temporary key, \
            KMAC-checked blob); a 3.x one whose server offers protocol 4.0 (the blob's upgrade version) shows \
            "upgrade to 4.0 available" and the `qrauth activation upgrade` command to run. Exit 0 when the status was read, 1 when it does not decode (the server does not know \
            the activation, or it is not past CREATED), 4 unusable device file, 5 network or server error.
            """)

    @OptionGroup var options: EnrollmentOptions
    @OptionGroup var verbosity: VerbosityOptions

    struct Output: Encodable {
        var activationId: String
        /// The activation's status as PowerAuth names it: `PENDING_COMMIT`, `ACTIVE`, `BLOCKED`, `REMOVED`, ...
        var status: String
        var failedAttempts: Int
        var maxFailedAttempts: Int
        var remainingAttempts: Int
        var lookAhead: Int
        var counterPosition: String
        var counterDistance: Int?
        var currentVersion: Int
        var upgradeVersion: Int
        /// True when the server offers an upgrade of this activation to a newer protocol (4.0).
        var upgradeAvailable: Bool
        /// `4.0` for a 4.0 device file (absent for 3.x).
        var protocolVersion: String?
        /// The 4.0 algorithm suite (absent for 3.x).
        var algorithm: String?
        /// The 4.0 device's signature algorithms (`ECDSA_P384`, `MLDSA_65`; absent for 3.x).
        var signatureAlgorithms: [String]?
        /// True when a 3.x device file holds an upgrade to 4.0 that was started and not confirmed (absent for 4.0).
        var upgradeStarted: Bool?
    }

    func run() async throws {
        if case .v4(let file) = try? ActivationFileCodec.readAnyDevice(options.device) {
            try await runV4(file)
            return
        }
        let (device, report) = try await EnrollmentRun.locked(options, signing: false) { client, store in
            (try store.load(), try await client.status(of: store))
        }
        let output = Output(
            activationId: device.activationId, status: report.state.rawValue, failedAttempts: report.failedAttempts,
            maxFailedAttempts: report.maxFailedAttempts, remainingAttempts: report.remainingAttempts,
            lookAhead: report.lookAhead, counterPosition: JSONSpelling.kebab(report.counter.name),
            counterDistance: report.counter.distance,
            currentVersion: report.currentVersion, upgradeVersion: report.upgradeVersion,
            upgradeAvailable: Self.upgradeAvailable(current: report.currentVersion, offered: report.upgradeVersion),
            upgradeStarted: device.pendingUpgradeV4 != nil)
        try show(output, state: report.state, counter: Self.describe(report.counter, lookAhead: report.lookAhead))
    }

    /// A 4.0 device file: `/pa/v4/activation/status`.
    private func runV4(_ file: PowerAuthV4.DeviceFile) async throws {
        let status = try await EnrollmentRun.with(options, signing: false, rememberClock: false) { client in
            try await client.statusV4(EnrollmentClient.DeviceFileV4(path: options.device))
        }
        let blob = status.blob
        let failed = Int(blob?.failedAttempts ?? 0)
        let maximum = Int(blob?.maxFailedAttempts ?? 0)
        let current = Int(blob?.currentVersion ?? 4)
        let offered = Int(blob?.upgradeVersion ?? 4)
        let position = status.counterPosition
        let output = Output(
            activationId: file.activationId, status: status.state.rawValue, failedAttempts: failed,
            maxFailedAttempts: maximum, remainingAttempts: max(0, maximum - failed),
            lookAhead: Int(blob?.lookAhead ?? 0),
            counterPosition: JSONSpelling.kebab(position.name), counterDistance: position.distance,
            currentVersion: current, upgradeVersion: offered,
            upgradeAvailable: Self.upgradeAvailable(current: current, offered: offered),
            protocolVersion: file.protocolVersion, algorithm: file.suite.rawValue,
            signatureAlgorithms: file.signatureAlgorithms)
        try show(output, state: status.state, counter: Self.describe(position, lookAhead: output.lookAhead))
    }

    /// Whether the blob's upgrade version offers a newer protocol than the activation's (spec §14.3, §15).
    static func upgradeAvailable(current: Int, offered: Int) -> Bool { offered > current }

    private func show(_ output: Output, state: ActivationStatus, counter: String) throws {
        if options.json {
            try JSONOutput.document(output)
            return
        }
        let suite = output.algorithm.map { " (protocol 4.0, \($0))" } ?? ""
        print("Activation \(TerminalText.escaped(output.activationId)): \(state.rawValue)\(suite)")
        print("  failed attempts  \(output.failedAttempts) of \(output.maxFailedAttempts)")
        print("  counter          \(counter)")
        if let algorithms = output.signatureAlgorithms {
            print("  signatures       \(algorithms.joined(separator: " + "))")
        }
        if output.upgradeStarted == true {
            print("  an upgrade to 4.0 was started and not confirmed: run `qrauth activation upgrade` again")
        } else if output.upgradeAvailable, output.upgradeVersion >= 4 {
            print("  upgrade to 4.0 available (the server offers protocol \(output.upgradeVersion)):")
            print(
                "    qrauth activation upgrade --url URL --device \(TerminalText.escaped(options.device)) "
                    + "--sdk-config SDK2_CONFIG --password-stdin")
        }
        switch state {
        case .created, .pendingCommit:
            print("  waiting for the back office to commit the activation (compare the fingerprint first)")
        case .blocked:
            print("  blocked: signatures fail until the back office unblocks the activation")
        case .removed:
            print("  removed: the device file is marked removed and signs nothing more")
        case .active:
            break
        }
    }

    static func describe(_ position: CounterPosition, lookAhead: Int) -> String {
        switch position {
        case .inSync: "in sync with the server"
        case .deviceBehind(let steps): "was \(steps) behind the server; adopted the server's counter"
        case .deviceAhead(let steps):
            steps > lookAhead
                ? "\(steps) ahead of the server, beyond its look-ahead of \(lookAhead): codes will be refused"
                : "\(steps) ahead of the server (codes it has not seen; look-ahead \(lookAhead))"
        case .unknown: "not within the look-ahead window of the server's counter"
        }
    }
}
