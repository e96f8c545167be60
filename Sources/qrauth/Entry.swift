import ArgumentParser
import Foundation
import QRAuthEncoding

/// Runs the command tree and turns every error into a one-line message and a design.md exit code.
@main
enum Entry {
    static func main() async {
        let status: ExitStatus
        do {
            var command = try QRAuth.parseAsRoot()
            Verbosity.current = verbosity(of: command)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            status = .success
        } catch let error as ExitWithStatus {
            status = error.status
        } catch let error as any ReportableError {
            StandardStreams.error("qrauth: \(TerminalText.escaped(error.message))")
            status = error.exitStatus
        } catch let error as DecodingError {
            StandardStreams.error(
                "qrauth: malformed JSON: \(TerminalText.escaped(error.pathDescription(namingMissingKeys: false)))")
            status = .malformed
        } catch {
            // Help and version: ArgumentParser prints them. Usage errors become one line, like every
            // other error, with the option's help one `--help` away.
            guard QRAuth.exitCode(for: error) == .validationFailure else { QRAuth.exit(withError: error) }
            let message = QRAuth.message(for: error).split(separator: "\n").first.map(String.init) ?? "usage error"
            StandardStreams.error("qrauth: \(TerminalText.escaped(message)) (see --help)")
            status = .usage
        }
        exit(finish(status).rawValue)
    }

    /// The `-q`/`-v` level the parsed leaf command asks for.
    private static func verbosity(of command: any ParsableCommand) -> Verbosity {
        (command as? any OutputCommand)?.verbosity.level ?? .normal
    }

    /// Flushes standard output; a write to it that failed (a full disk, `> /dev/full`) turns a
    /// success into exit 4, so a script never takes a lost result for a good one.
    private static func finish(_ status: ExitStatus) -> ExitStatus {
        do {
            try StandardStreams.checkStdout()
            return status
        } catch {
            StandardStreams.error("qrauth: \(TerminalText.escaped(error.message))")
            return max(status, error.exitStatus)
        }
    }
}
