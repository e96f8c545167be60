import ArgumentParser
import FoundationEssentials
import QRAuthEncoding

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the command tree and turns every error into a one-line message and a design.md exit code; with
/// `--json`, also into `{"error":{"code","message"}}` on standard output (docs/json.md).
@main
enum Entry {
    static func main() async {
        let status: ExitStatus
        // Until the command is parsed (a usage error), `--json` anywhere before `--` asks for JSON errors.
        var json = CommandLine.arguments.dropFirst().prefix { $0 != "--" }.contains("--json")
        do {
            var command = try QRAuth.parseAsRoot()
            Verbosity.current = verbosity(of: command)
            json = wantsJSON(command)
            let commandType = type(of: command)
            if !commandType.configuration.subcommands.isEmpty {
                // `qrauth` or `qrauth pins` alone: no command ran, which a script must not take for success.
                StandardStreams.errorRaw(QRAuth.helpMessage(for: commandType) + "\n")
                throw CLIError(.usage, "give a command (see --help)")
            }
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            status = .success
        } catch let error as ExitWithStatus {
            status = error.status
        } catch let error as any ReportableError {
            report(JSONError(error), json: json)
            status = error.exitStatus
        } catch let error as DecodingError {
            let message = "malformed JSON: \(error.pathDescription(namingMissingKeys: false))"
            report(JSONError(code: "cli.malformed_json", message: message), json: json)
            status = .malformed
        } catch {
            // Help and version: ArgumentParser prints them. Usage errors become one line, like every
            // other error, with the option's help one `--help` away.
            guard QRAuth.exitCode(for: error) == .validationFailure else { QRAuth.exit(withError: error) }
            let message = QRAuth.message(for: error).split(separator: "\n").first.map(String.init) ?? "usage error"
            report(JSONError(code: ExitStatus.usage.errorCode, message: "\(message) (see --help)"), json: json)
            status = .usage
        }
        let final = finish(status)
        // `scan --zbar-exit-codes` (anywhere before `--`, so usage errors are mapped too): zbarimg's codes.
        let zbarimg = CommandLine.arguments.dropFirst().prefix { $0 != "--" }.contains("--zbar-exit-codes")
        let isScan = CommandLine.arguments.dropFirst().first == "scan"
        exit(zbarimg && isScan ? final.zbarimgCode : final.rawValue)
    }

    /// The one-line message on standard error, escaped; with `--json` also the error object on standard output
    /// (exact, not escaped).
    private static func report(_ error: JSONError, json: Bool) {
        if json { JSONOutput.error(error) }
        StandardStreams.error("qrauth: \(TerminalText.escaped(error.message))")
    }

    /// The `-q`/`-v` level the parsed leaf command asks for.
    private static func verbosity(of command: any ParsableCommand) -> Verbosity {
        (command as? any OutputCommand)?.verbosity.level ?? .normal
    }

    /// Whether the parsed command was given `--json`.
    private static func wantsJSON(_ command: any ParsableCommand) -> Bool {
        (command as? any JSONOutputCommand)?.json ?? false
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
