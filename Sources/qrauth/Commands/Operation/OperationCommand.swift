import ArgumentParser

/// `qrauth operation …`: offline QR operations.
struct OperationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "operation",
        abstract:
            "Offline QR operations: parse, verify the server signature, compute approval codes, create signed ones.",
        subcommands: [
            OperationParseCommand.self, OperationVerifyCommand.self, OperationApproveCommand.self,
            OperationCreateCommand.self,
        ]
    )
}
