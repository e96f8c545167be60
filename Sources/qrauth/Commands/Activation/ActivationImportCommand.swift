import ArgumentParser
import FoundationEssentials
import PowerAuth
import QRAuthFiles

/// `qrauth activation import STATUS --device D`: a powerauth-cmd-tool status file as a device file.
struct ActivationImportCommand: ParsableCommand, JSONDocumentCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a powerauth-cmd-tool status file as a device activation file.",
        discussion: """
            The knowledge key stays encrypted (powerauth-cmd-tool uses the mobile SDK's scheme), so no password \
            is needed. The status file has no application values: give the cmd-tool config.json with --config \
            (mobileSdkConfig, or the legacy applicationKey, applicationSecret, masterPublicKey) to be able to \
            verify master-signed operations.
            """
    )

    @Argument(help: ArgumentHelp("The powerauth-cmd-tool status file ('-' for standard input).", valueName: "status"))
    var status: String

    @Option(help: ArgumentHelp("The device activation file to write.", valueName: "file"))
    var device: String

    @Option(help: ArgumentHelp("The powerauth-cmd-tool config.json.", valueName: "file"))
    var config: String?

    @Flag(help: "Replace an existing device file.")
    var force = false

    @OptionGroup var output: JSONDocumentOptions

    func validate() throws {
        try StateFileOption.refuseDash(device, "--device", "the device file is kept and written back by later commands")
    }

    func run() throws {
        if !force, FileManager.default.fileExists(atPath: device) {
            throw CLIError(.usage, "\(device) exists; use --force to replace it")
        }
        let statusFile = try CmdToolStatusFile(json: FileInput.read(status, limit: 1 << 20))
        var application: CmdToolStatusFile.Application?
        if let config {
            application = try CmdToolConfig.application(from: config)
        }
        let activation = try statusFile.deviceActivation(application: application)
        // Locked, so a run using the old file finishes first; the existence check is repeated under the lock.
        try FileLock.withLock(for: device) {
            if !force, FileManager.default.fileExists(atPath: device) {
                throw CLIError(.usage, "\(device) exists; use --force to replace it")
            }
            try ActivationFile.write(activation, to: device)
        }
        let summary = try ActivationSummary(device: activation, server: nil, path: device, reveal: false)
        if json {
            try JSONOutput.document(summary)
        } else {
            print(
                "Imported activation \(TerminalText.escaped(activation.activationId)) into \(TerminalText.escaped(device))"
            )
            if activation.masterServerPublicKey == nil {
                print("  no master public key: master-signed operations need --master-key to verify")
            }
        }
    }
}
