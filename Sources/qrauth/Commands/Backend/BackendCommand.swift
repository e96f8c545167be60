import ArgumentParser

/// `qrauth backend …`: the bank's side, a client of the PowerAuth server back-office REST API (`/rest/v3/*`).
struct BackendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backend",
        abstract: "The bank's side: a client of the PowerAuth server back-office REST API (/rest/v3).",
        discussion: """
            --url is the REST base, e.g. http://host:8080/powerauth-java-server/rest (add --allow-http for \
            plain HTTP). For restrictAccess servers give --auth-user NAME and the password with \
            --password-stdin, --password-file or --password-env (never on the command line). --json prints \
            the server's responseObject. Exit codes: 0 success, 1 a check said no (offline verify invalid, \
            not committed / removed), 4 malformed input, 5 network or server error (ERR00nn, HTML or 500 \
            answers), 64 usage.
            """,
        subcommands: [
            BackendAppCommand.self, BackendActivationCommand.self, BackendTemplateCommand.self,
            BackendOperationCommand.self, BackendOfflineCommand.self,
        ]
    )
}
