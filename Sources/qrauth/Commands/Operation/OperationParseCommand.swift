import ArgumentParser
import OfflineOperations

/// `qrauth operation parse`: print every field of an offline operation string.
struct OperationParseCommand: ParsableCommand, OutputCommand, JSONOutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Parse an offline QR operation string and print its fields.",
        discussion: """
            The string is given inline (exactly as is) or with --input FILE ('-' for standard input), where \
            one trailing line feed is ignored, or read from the QR code in an image with --image FILE. Lines \
            must be separated by LF. The signature is not verified. Exit 0 when it parses, 3 no QR code in \
            the image, 4 when it is malformed (the message names the line and field).
            """
    )

    @Argument(help: "The operation string (use --input for a file or standard input).")
    var operation: String?

    @OptionGroup var input: TextInputOptions

    @Option(
        help: ArgumentHelp(
            "Read the operation from the QR code in this image (PNG, JPEG, WebP, BMP, GIF, TIFF, PBM/PGM/PPM; '-' = stdin).",
            valueName: "file"))
    var image: String?

    @Flag(help: "Print one JSON document with every field, the signed data (Base64) and the raw lines.")
    var json = false
    @OptionGroup var verbosity: VerbosityOptions

    func run() throws {
        if image != nil, operation != nil || input.input != nil {
            throw CLIError(.usage, "give the operation once: as an argument, with --input, or with --image")
        }
        let parsed =
            try image.map(OperationImage.read)
            ?? OfflineOperation(input.payload(inline: operation, what: "operation"))
        if json {
            try JSONOutput.document(parsed)
        } else {
            print(Self.report(parsed))
        }
    }

    static let templateNames = [0: "generic", 1: "payment", 2: "login"]

    /// The human report: one labelled line per field, values unescaped and sanitised. `verdict` says
    /// what is known of the signature (parsing alone never verifies it).
    static func report(_ operation: OfflineOperation, verdict: String = "NOT verified") -> String {
        var lines: [String] = []
        let width = 15
        func add(_ label: String, _ value: String) {
            let padded = label.count >= width ? label + " " : label + String(repeating: " ", count: width - label.count)
            lines.append(
                "  " + padded
                    + TerminalText.sanitized(value, continuationIndent: String(repeating: " ", count: width + 2)))
        }
        let version = operation.totp == nil ? "version 1, no TOTP" : "version 2, with TOTP"
        lines.append(
            "Offline operation (\(operation.rawLines.count) lines, \(version)\(operation.isNewerFormat ? ", newer format" : ""))"
        )
        add("operation id", operation.operationId)
        add("title", operation.title)
        add("message", operation.message)
        let data = operation.data
        let template =
            templateNames[data.templateId].map { "\(data.templateId) (\($0))" }
            ?? "\(data.templateId) (unknown: shown as generic)"
        add(
            "data",
            "version \(data.versionLetter) (\(data.version.rawValue)), template \(template), \(data.fields.count) field\(data.fields.count == 1 ? "" : "s")"
        )
        for (index, field) in data.fields.enumerated() {
            add("  field \(index + 1)", describe(field))
        }
        let flags = operation.flags
        var meanings: [String] = []
        if flags.allowsBiometry { meanings.append("biometry allowed") }
        if flags.flipsButtons { meanings.append("buttons flipped") }
        if flags.showsFraudWarning { meanings.append("fraud warning") }
        if flags.blocksWhenOnCall { meanings.append("blocked during calls") }
        if !flags.unknown.isEmpty { meanings.append("unknown: \(String(flags.unknown))") }
        add("flags", flags.rawValue.isEmpty ? "(none)" : "\(flags.rawValue): " + meanings.joined(separator: ", "))
        add("TOTP", operation.totp.map { $0.isEmpty ? "(empty line)" : $0 } ?? "(none)")
        for attribute in operation.extraAttributes {
            add("extra line", attribute)
        }
        add("nonce", "\(operation.nonce) (\(operation.nonceBytes.count) bytes)")
        add("signing key", "\(operation.signingKey.rawValue) (\(operation.signingKey.indicator))")
        add("signature", "\(operation.signature.count) bytes, \(verdict): \(operation.signatureBase64)")
        add(
            "signed data",
            "\(operation.signedData.count) bytes (lines 1-\(operation.rawLines.count) up to the key indicator)")
        return lines.joined(separator: "\n")
    }

    static func describe(_ field: OperationDataField) -> String {
        switch field {
        case .amount(let amount): "amount      \(amount.displayString)"
        case .account(let iban, let bic): "account     \(grouped(iban))" + (bic.map { ", BIC \($0)" } ?? "")
        case .anyAccount(let text): "account     \(text)"
        case .date(let date): "date        \(date.isoString)"
        case .reference(let text): "reference   \(text)"
        case .note(let text): "note        \(text)"
        case .text(let text): "text        \(text)"
        case .fallback(let type, let text): "unknown '\(type)' \(text)"
        case .empty: "(empty)"
        }
    }

    /// An IBAN in groups of four characters.
    static func grouped(_ iban: String) -> String {
        var groups: [String] = []
        var rest = Substring(iban)
        while !rest.isEmpty {
            groups.append(String(rest.prefix(4)))
            rest = rest.dropFirst(4)
        }
        return groups.joined(separator: " ")
    }
}
