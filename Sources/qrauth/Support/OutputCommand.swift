/// A leaf command: it carries `-q`/`-v` (`VerbosityOptions`), which `Entry` applies before the command runs.
protocol OutputCommand {
    /// The command's `-q`/`-v` flags.
    var verbosity: VerbosityOptions { get }
}
