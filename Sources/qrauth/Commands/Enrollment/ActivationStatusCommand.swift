import ArgumentParser
import OfflineOperations
import OperationsSync
import PowerAuth

/// `qrauth activation status --url BASE --device FILE`: `/pa/v3/activation/status`, the encrypted blob decoded.
struct ActivationStatusCommand: AsyncParsableCommand, OutputCommand, JSONOutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Ask the enrollment server for the activation's status (the encrypted status blob, decoded).",
        discussion: """
            Prints the state (CREATED, PENDING_COMMIT, ACTIVE, BLOCKED, REMOVED), failed and maximum attempts and \
            where the device's counter stands against the server's: in sync, behind (the device adopts the server's \
            counter) or ahead (codes the server has not seen). The device file learns the answer; a REMOVED answer \
            marks it removed. Exit 0 when the status was read, 1 when it does not decode (the server does not know \
            the activation, or it is not past CREATED), 4 unusable device file, 5 network or server error.
            """)

    @OptionGroup var options: EnrollmentOptions
    @OptionGroup var verbosity: VerbosityOptions
    var json: Bool { options.json }

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
    }

    func run() async throws {
        let store = ActivationFileStorage(path: options.device)
        let device = try store.load()
        let report = try await EnrollmentRun.with(options, signing: false) { try await $0.status(of: store) }
        let output = Output(
            activationId: device.activationId, status: report.state.rawValue, failedAttempts: report.failedAttempts,
            maxFailedAttempts: report.maxFailedAttempts, remainingAttempts: report.remainingAttempts,
            lookAhead: report.lookAhead, counterPosition: JSONSpelling.kebab(report.counter.name),
            counterDistance: report.counter.distance,
            currentVersion: report.currentVersion, upgradeVersion: report.upgradeVersion)
        if options.json {
            try JSONOutput.document(output)
            return
        }
        print("Activation \(TerminalText.escaped(device.activationId)): \(report.state.rawValue)")
        print("  failed attempts  \(report.failedAttempts) of \(report.maxFailedAttempts)")
        print("  counter          \(Self.describe(report.counter, lookAhead: report.lookAhead))")
        switch report.state {
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
