import ArgumentParser
import FoundationEssentials
import OfflineOperations
import QRAuthFiles
import QRImaging

/// `qrauth qr encode`: text or bytes → QR code as PNG, SVG, terminal blocks or a module matrix,
/// read back by the scanner before anything is written.
struct QREncodeCommand: ParsableCommand, OutputCommand, JSONOutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "encode",
        abstract: "Make a QR code from text or raw bytes, and check it reads back.",
        discussion: """
            The payload is always encoded in 8-bit byte mode, exactly as given: TEXT as UTF-8, --input as raw \
            bytes (NUL and every other byte value survive). No ECI header is written unless --eci is given \
            (26 = UTF-8). The format defaults to 'terminal' when standard output is a terminal, otherwise to the \
            --output extension (.png, .svg, .txt) or PNG. Before writing, the rendered output is decoded back \
            with the scanner and compared byte for byte (--no-check skips this). An offline operation read \
            with --input that ends in one line feed (as `qrauth operation create > op.txt` writes it) is \
            encoded without it, with a note on standard error, because the mobile SDKs reject an operation \
            that ends in a line feed; --keep-newline encodes the bytes exactly. Exit codes: 0 written, \
            1 self-check failed, 4 unreadable input or payload too large, 64 bad option.
            """
    )

    @Argument(help: "The text to encode (UTF-8).")
    var text: String?

    @OptionGroup var input: TextInputOptions

    @Option(name: .long, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    @Option(name: .long, help: "Output format: png, svg, terminal or text.")
    var format: QRRenderFormat?

    @Option(name: .customLong("ecc"), help: "Error-correction level: L, M, Q or H.")
    var errorCorrection: QRErrorCorrection = .medium

    @Option(name: .customLong("symbol-version"), help: "QR version 1 to 40; 0 picks the smallest that fits.")
    var symbolVersionOption: Int?

    /// The old spelling of `--symbol-version`, kept for one release; it clashed with the tool's `--version`.
    @Option(name: .customLong("version"), help: .hidden)
    var legacySymbolVersion: Int?

    /// The QR version asked for (0 = smallest that fits).
    var symbolVersion: Int { symbolVersionOption ?? legacySymbolVersion ?? 0 }

    @Option(help: "Quiet zone in modules.")
    var margin: Int = 4

    @Option(help: "Pixels per module (PNG; SVG width and height).")
    var scale: Int = 8

    @Option(help: ArgumentHelp("Colour of dark modules, #RRGGBB or #RRGGBBAA (PNG, SVG).", valueName: "colour"))
    var foreground: String = "#000000"

    @Option(help: ArgumentHelp("Colour of light modules, #RRGGBB or #RRGGBBAA (PNG, SVG).", valueName: "colour"))
    var background: String = "#FFFFFF"

    @Option(name: .customLong("eci"), help: ArgumentHelp("Write an ECI header with this designator.", valueName: "n"))
    var eci: UInt32?

    @Option(name: .customLong("text-style"), help: "Characters of the text format: digits (1/0) or hash (#/space).")
    var textStyle: QRTextStyle = .digits

    @Flag(
        name: .customLong("keep-newline"),
        help: "Encode an offline operation's trailing line feed too (the mobile SDKs then reject it).")
    var keepNewline = false

    @Flag(name: .customLong("no-check"), help: "Do not read the code back to check it.")
    var noCheck = false

    @Flag(help: "Print one JSON document describing the code.")
    var json = false
    @OptionGroup var verbosity: VerbosityOptions

    struct Report: Encodable {
        let version: Int
        let ecc: String
        let size: Int
        let bytes: Int
        let format: String
        let path: String
        let check: String
        let checkPass: String?
        let content: String?
        let contentBase64: String?
    }

    func validate() throws {
        if symbolVersionOption != nil, legacySymbolVersion != nil {
            throw ValidationError("give --symbol-version once (--version N is its old spelling)")
        }
        try OptionRange.check(symbolVersion, 0...40, "--symbol-version")
        try OptionRange.check(margin, 0...100, "--margin")
        try OptionRange.check(scale, 1...100, "--scale")
        try OptionRange.check(eci, 0...999_999, "--eci")
    }

    func run() throws {
        var payload = try input.bytes(inline: text, what: "payload")
        if !keepNewline, text == nil, let trimmed = Self.offlineOperationWithoutTrailingNewline(payload) {
            StandardStreams.warning(
                "the input is an offline operation ending in a line feed; encoding it without the line feed "
                    + "(the mobile SDKs reject one). Give --keep-newline to encode the bytes exactly.")
            payload = trimmed
        }
        let toStdout = output == nil || output == "-"
        let format = try resolveFormat(toStdout: toStdout)
        if format == .png, toStdout, !json, StandardStreams.stdoutIsTerminal {
            throw CLIError(
                .usage, "refusing to write PNG to a terminal; use --output FILE.png, redirect, or --format terminal")
        }
        let noColor = !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        let options = QRRenderOptions(
            scale: scale, margin: margin, foreground: try QRColor(hex: foreground),
            background: try QRColor(hex: background),
            terminalColors: toStdout && !json && StandardStreams.stdoutIsTerminal && !noColor,
            textStyle: textStyle)
        let code = try QRCodeRenderer.make(
            payload, code: QRCodeOptions(errorCorrection: errorCorrection, version: symbolVersion, eci: eci),
            format: format, options: options, selfCheck: !noCheck)
        if let output, output != "-" {
            try AtomicFile.write(code.data, to: output, mode: AtomicFile.publicMode)
        }
        let check = code.checkedBy.map { "passed (\($0.rawValue) pass)" } ?? "skipped"
        if json {
            let isText = format != .png
            try JSONOutput.document(
                Report(
                    version: code.matrix.version, ecc: code.matrix.errorCorrection.rawValue, size: code.matrix.size,
                    bytes: payload.count, format: format.rawValue, path: toStdout ? "-" : output ?? "-",
                    check: code.checkedBy == nil ? "skipped" : "passed", checkPass: code.checkedBy?.rawValue,
                    content: toStdout && isText ? String(decoding: code.data, as: UTF8.self) : nil,
                    contentBase64: toStdout && !isText ? code.data.base64EncodedString() : nil))
        } else if toStdout {
            try StandardStreams.writeStdout(code.data)
        } else {
            print(
                "wrote \(TerminalText.escaped(output ?? "-")): QR version \(code.matrix.version)-\(code.matrix.errorCorrection.rawValue), "
                    + "\(code.matrix.size)×\(code.matrix.size) modules, \(payload.count) bytes, self-check \(check)")
        }
    }

    /// The payload without its final LF (or CRLF) when that makes it a valid offline operation and the
    /// payload as given is not one; otherwise nil.
    static func offlineOperationWithoutTrailingNewline(_ payload: Data) -> Data? {
        guard payload.last == 0x0A else { return nil }
        var trimmed = payload.dropLast()
        if trimmed.last == 0x0D { trimmed = trimmed.dropLast() }
        guard (try? OfflineOperation(bytes: payload)) == nil, (try? OfflineOperation(bytes: trimmed)) != nil else {
            return nil
        }
        return Data(trimmed)
    }

    private func resolveFormat(toStdout: Bool) throws -> QRRenderFormat {
        if let format { return format }
        if toStdout { return StandardStreams.stdoutIsTerminal && !json ? .terminal : .png }
        let lowered = (output ?? "").lowercased()
        if lowered.hasSuffix(".png") { return .png }
        if lowered.hasSuffix(".svg") { return .svg }
        if lowered.hasSuffix(".txt") { return .text }
        throw CLIError(
            .usage, "cannot tell the format from the name \(output ?? ""); give --format png|svg|terminal|text")
    }
}
