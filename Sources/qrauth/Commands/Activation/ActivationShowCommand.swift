import ArgumentParser
import Foundation
import PowerAuth
import QRAuthFiles

/// `qrauth activation show FILE`: a device or server file, secrets hidden unless `--reveal`.
struct ActivationShowCommand: ParsableCommand, OutputCommand, JSONOutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a device or server activation file (secrets only with --reveal).",
        discussion: "Exit 0 when the file is valid, 4 when it is malformed."
    )

    @Argument(help: ArgumentHelp("The device or server activation file.", valueName: "file"))
    var file: String

    @Flag(help: "Also print keys, secrets and the counter data.")
    var reveal = false

    @Flag(help: "Print one JSON document.")
    var json = false
    @OptionGroup var verbosity: VerbosityOptions

    func run() throws {
        let data = try FileInput.read(file, limit: 1 << 20)
        let kind = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["kind"] as? String
        let summary: ActivationSummary
        switch kind {
        case "device":
            summary = try ActivationSummary(
                device: try ActivationFileStore.readDevice(file), server: nil, path: file, reveal: reveal)
        case "server":
            summary = try ActivationSummary(
                server: try ActivationFileStore.readServer(file), path: file, reveal: reveal)
        default:
            throw CLIError(.malformed, "\(file) is not a qrauth activation file (no \"kind\": device or server)")
        }
        if json {
            try JSONOutput.document(summary)
        } else {
            print(summary.humanLines.joined(separator: "\n"))
        }
        if let warning = summary.warning { StandardStreams.warning(warning) }
    }
}
