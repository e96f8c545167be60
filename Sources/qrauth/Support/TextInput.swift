import ArgumentParser
import FoundationEssentials
import QRAuthFiles

/// The `[VALUE] [--input FILE|-]` pair many commands share: a value given inline, or read from a
/// file or standard input.
struct TextInputOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Read the input from a file ('-' for standard input).", valueName: "file"))
    var input: String?

    /// Returns the input bytes from the positional `value` or `--input`; exactly one must be given.
    func bytes(inline value: String?, what: String) throws -> Data {
        switch (value, input) {
        case (let value?, nil):
            return Data(value.utf8)
        case (nil, let path?):
            StandardStreams.verbose(
                path == "-" ? "reading the \(what) from standard input" : "reading the \(what) from \(path)")
            return try FileInput.read(path)
        case (nil, nil):
            throw CLIError(.usage, "give the \(what) as an argument or with --input FILE (or '-' for standard input)")
        case (_?, _?):
            throw CLIError(.usage, "give the \(what) either as an argument or with --input, not both")
        }
    }

    /// Returns the input as UTF-8 text; invalid UTF-8 is malformed input.
    func text(inline value: String?, what: String) throws -> String {
        let data = try bytes(inline: value, what: what)
        guard let text = String(data: data, encoding: .utf8) else {
            throw CLIError(.malformed, "the \(what) is not valid UTF-8 text")
        }
        return text
    }
}
