import ArgumentParser

/// `qrauth activation …`: test activations (device file + server file).
struct ActivationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "activation",
        abstract:
            "Make, show and import test activations; activate, check, upgrade and remove one at a real enrollment server.",
        subcommands: [
            ActivationCreateCommand.self, ActivationShowCommand.self, ActivationImportCommand.self,
            ActivationActivateCommand.self, ActivationStatusCommand.self, ActivationRemoveCommand.self,
            ActivationUpgradeCommand.self,
        ]
    )
}
