import ArgumentParser

/// `qrauth operation …`: offline QR operations.
struct OperationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "operation",
        abstract: "Offline QR operations: parse (and, with other commands, verify, approve, create).",
        subcommands: [
            OperationParseCommand.self, OperationVerifyCommand.self, OperationApproveCommand.self,
            OperationCreateCommand.self,
        ]
    )
}
