import ArgumentParser

/// `-q/--quiet` and `-v/--verbose` (`-vv`): shared by every leaf command. They change only what goes
/// to standard error; standard output (results, JSON) is the same at every level.
struct VerbosityOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Print no warnings, notes or progress on standard error (errors still print).")
    var quiet = false

    @Flag(
        name: .shortAndLong,
        help:
            "Say what the command does on standard error (HTTP method, URL, status); -vv adds headers and bodies, redacted."
    )
    var verbose: Int

    func validate() throws {
        if quiet && verbose > 0 { throw ValidationError("give -q or -v, not both") }
    }

    /// The level these flags ask for.
    var level: Verbosity {
        if quiet { return .quiet }
        switch verbose {
        case 0: return .normal
        case 1: return .verbose
        default: return .debug
        }
    }
}
