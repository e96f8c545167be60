/// A leaf command whose output flags are `JSONDocumentOptions`: `--json` and `-q`/`-v` come from there.
protocol JSONDocumentCommand: OutputCommand, JSONOutputCommand {
    /// `--json`, `-q` and `-v`.
    var output: JSONDocumentOptions { get }
}

extension JSONDocumentCommand {
    /// `--json`, from the output flags.
    var json: Bool { output.json }

    /// `-q`/`-v`, from the output flags.
    var verbosity: VerbosityOptions { output.verbosity }
}
