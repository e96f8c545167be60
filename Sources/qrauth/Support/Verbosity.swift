/// How much a command says on standard error besides its errors: `-q`, the default, `-v`, `-vv`.
enum Verbosity: Int, Comparable, Sendable {
    /// `-q`: errors only; no warnings, notes or progress.
    case quiet
    /// The default: errors, warnings and notes.
    case normal
    /// `-v`: also what the command does (files read and written, each HTTP request and its status).
    case verbose
    /// `-vv`: also HTTP headers and bodies, redacted.
    case debug

    /// The level of this run, set once from the parsed command before it runs.
    // nonisolated(unsafe): written once by `Entry.main` before the command starts any task, only read after.
    nonisolated(unsafe) static var current = Verbosity.normal

    static func < (lhs: Verbosity, rhs: Verbosity) -> Bool { lhs.rawValue < rhs.rawValue }
}
