import ArgumentParser

/// `qrauth activation …`: test activations (device file + server file).
struct ActivationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "activation",
        abstract: "Make, show and import PowerAuth test activations (device and server files).",
        subcommands: [ActivationCreateCommand.self, ActivationShowCommand.self, ActivationImportCommand.self]
    )
}
