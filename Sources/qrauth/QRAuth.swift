import ArgumentParser

/// The root command: configuration only; every leaf lives in `Commands/`.
struct QRAuth: AsyncParsableCommand {
    static let version = "0.1.1"

    static let configuration = CommandConfiguration(
        commandName: "qrauth",
        abstract:
            "Offline QR authorization, fingerprint lists and online operations for Wultra Mobile Token / PowerAuth.",
        discussion: """
            Exit codes: 0 success, 1 a check said no, 2 expired, 3 no QR code found, 4 malformed input, \
            5 network or server error, 64 usage error, 70 internal error.
            """,
        version: version,
        subcommands: [
            ScanCommand.self,
            QRCommand.self,
            OperationCommand.self,
            PACCommand.self,
            ActivationCommand.self,
            CodeCommand.self,
            PinsCommand.self,
            SyncCommand.self,
            InboxCommand.self,
            PushCommand.self,
            TokenCommand.self,
            BackendCommand.self,
            ServeCommand.self,
            VersionCommand.self,
        ]
    )
}
