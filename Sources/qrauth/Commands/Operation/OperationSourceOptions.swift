import ArgumentParser
import OfflineOperations

/// Where `operation parse` and `operation approve` read the offline operation from: the argument, `--input`
/// (a file or standard input) or the QR code in an `--image`.
struct OperationSourceOptions: ParsableArguments {
    @Argument(help: "The operation string (use --input for a file or standard input).")
    var operation: String?

    @OptionGroup var input: TextInputOptions

    @Option(
        help: ArgumentHelp(
            "Read the operation from the QR code in this image (PNG, JPEG, WebP, BMP, GIF, TIFF, PBM/PGM/PPM; '-' = stdin).",
            valueName: "file"))
    var image: String?

    /// Whether the operation comes from standard input (`--input -` or `--image -`).
    var readsStandardInput: Bool { input.input == "-" || image == "-" }

    /// Refuses more than one source.
    func checkOneSource() throws {
        if image != nil, operation != nil || input.input != nil {
            throw CLIError(.usage, "give the operation once: as an argument, with --input, or with --image")
        }
    }

    /// Reads and parses the operation (the signature is not checked here).
    func read() throws -> OfflineOperation {
        try image.map(OperationImage.read) ?? OfflineOperation(input.payload(inline: operation, what: "operation"))
    }
}
