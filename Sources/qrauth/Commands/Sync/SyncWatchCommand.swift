import ArgumentParser
import MobileTokenAPI
import OperationsSync

/// `qrauth sync watch`.
struct SyncWatchCommand: AsyncParsableCommand, SyncCallCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Poll pending operations and print changes as they happen (one JSON line each with --json).")

    @Option(help: ArgumentHelp("Polling interval in seconds (at least 5).", valueName: "seconds"))
    var interval: Int = 7
    @Option(help: ArgumentHelp("Stop after this many polls (default: until interrupted).", valueName: "n"))
    var polls: Int?
    @OptionGroup var connection: SyncConnectionOptions
    @OptionGroup var verbosity: VerbosityOptions

    /// One printed change.
    struct Change: Encodable {
        let event: String
        let operationId: String?
        let operation: UserOperation?
        let error: JSONError?
    }

    /// How a watch ended: the polls made, and the last failure when none of them succeeded.
    struct Outcome: Sendable {
        let polls: Int
        let failure: MobileTokenError?
    }

    func validate() throws {
        try OptionRange.check(interval, 1...86_400, "--interval")
        try OptionRange.check(polls, 1...1_000_000_000, "--polls")
    }

    func run() async throws {
        let configuration = PollingConfiguration(interval: .seconds(interval))
        if configuration.wasClamped { StandardStreams.warning("--interval \(interval) is below 5 s; using 5 s") }
        let outcome = try await SyncRun.with(connection, holdingLock: false) { client in
            var count = 0
            var succeeded = false
            var lastFailure: MobileTokenError?
            for await event in client.polling(configuration) {
                switch event {
                case .snapshot(let snapshot):
                    succeeded = true
                    for operation in snapshot.added {
                        try emit(Change(event: "added", operationId: operation.id, operation: operation, error: nil))
                    }
                    for operation in snapshot.changed {
                        try emit(Change(event: "changed", operationId: operation.id, operation: operation, error: nil))
                    }
                    for operation in snapshot.removed {
                        try emit(Change(event: "removed", operationId: operation.id, operation: nil, error: nil))
                    }
                case .failure(let error, let retry):
                    lastFailure = error
                    // No retry follows the last poll --polls allows, so none is announced.
                    let isLast = polls.map { count + 1 >= $0 } ?? false
                    let next = isLast ? "" : " (retry in \(Self.seconds(retry)))"
                    try emit(
                        Change(
                            event: "error", operationId: nil, operation: nil,
                            error: JSONError(code: error.code.rawValue, message: "\(error.reason)\(next)")))
                }
                count += 1
                if let polls, count >= polls { break }
            }
            return Outcome(polls: count, failure: succeeded ? nil : lastFailure)
        }
        // The watch ended (--polls reached) without one successful poll: fail with the last error's status
        // (5 for a network or server error), so a script never takes "nothing seen" for "nothing pending".
        if let failure = outcome.failure {
            throw CLIError(
                failure.exitStatus, "sync watch: none of the \(outcome.polls) polls succeeded (last: \(failure.reason))"
            )
        }
    }

    /// A duration for people: seconds with one decimal, `4.2 s`.
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = (seconds * 10 + (attoseconds + 50_000_000_000_000_000) / 100_000_000_000_000_000)
        return "\(tenths / 10).\(tenths % 10) s"
    }

    private func emit(_ change: Change) throws {
        if connection.json {
            try JSONOutput.line(change)
        } else if let operation = change.operation {
            print("\(change.event): \(SyncOperationSummary.line(operation))")
            StandardStreams.flushStdout()
        } else if let error = change.error {
            StandardStreams.error("qrauth: \(TerminalText.escaped("\(error.code): \(error.message)"))")
        } else {
            print("\(change.event): \(TerminalText.escaped(change.operationId ?? ""))")
            StandardStreams.flushStdout()
        }
    }
}
