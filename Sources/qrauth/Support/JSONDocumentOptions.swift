import ArgumentParser

/// `--json` (one JSON document) and `-q`/`-v`: the output flags of a leaf command that prints one result.
struct JSONDocumentOptions: ParsableArguments {
    @Flag(help: "Print one JSON document.")
    var json = false
    @OptionGroup var verbosity: VerbosityOptions
}
