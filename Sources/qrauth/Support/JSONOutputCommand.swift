/// A command with `--json`: when it was given, `Entry` prints every error as `{"error":{"code","message"}}` on
/// standard output as well (docs/json.md).
protocol JSONOutputCommand {
    /// Whether `--json` was given.
    var json: Bool { get }
}
