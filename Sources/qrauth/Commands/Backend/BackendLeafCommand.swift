/// A `backend` leaf command: the shared back-office options decide `--json`, and `-q`/`-v` apply.
protocol BackendLeafCommand: OutputCommand, JSONOutputCommand {
    /// The REST base, credentials, TLS and output options.
    var backend: BackendOptions { get }
}

extension BackendLeafCommand {
    /// `--json`, from the shared options.
    var json: Bool { backend.json }

    /// `-q`/`-v`, from the shared options.
    var verbosity: VerbosityOptions { backend.verbosity }
}
