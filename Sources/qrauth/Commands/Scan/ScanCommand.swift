import ArgumentParser
import FoundationEssentials
import OfflineOperations
import PowerAuth
import QRAuthCrypto
import QRAuthEncoding
import QRAuthFiles
import QRImaging

/// `qrauth scan`: decode every QR code in image files, folders or standard input, in parallel.
struct ScanCommand: ParsableCommand, OutputCommand, JSONOutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract:
            "Decode every QR code in image files or folders (PNG, JPEG, WebP, BMP, GIF, TIFF, PBM/PGM/PPM; '-' = stdin).",
        discussion: """
            Every input is processed even when some fail. Human output: one 'file: text' line per symbol \
            (binary payloads as Base64); problems go to standard error. --json prints one object per input: \
            {"path", "symbols": [{"bytes" (Base64), "text", "charsets" ([{"charset", "source": eci, kanji-mode or \
            guessed}]), "kind", "points", "pass", "symbology", "model" (model-1 or model-2)}], "error"} \
            (docs/json.md). Text is decoded by the \
            charset an ECI designator names, Kanji mode as Shift JIS, other bytes as UTF-8, else Shift JIS, else \
            ISO-8859-1. With --master-key or --device each offline operation's signature is checked \
            ("verdict": valid, invalid or key-unavailable); --parse adds "operation", "operationError" or "pac". \
            Exit 0 when every input had a code, 1 when a signature did \
            not verify, 3 when some input had no code, 4 when some could not be read (the highest wins; \
            --zbar-exit-codes gives zbarimg's codes instead).
            """
    )

    @Argument(help: "Image files, folders (their image files), or '-' for standard input.")
    var paths: [String]

    @Flag(help: "Descend into sub-folders of the folders given.")
    var recursive = false

    @Option(name: .customLong("jobs"), help: "Worker threads, 1 to 256 (default: the number of cores).")
    var jobsOption: Int?

    /// The worker count: `--jobs`, else one per core.
    var jobs: Int { jobsOption ?? QRBatchScanner.defaultJobs }

    @Flag(help: "Print one JSON object per input, one per line.")
    var json = false

    @Flag(
        name: .customLong("zbar-exit-codes"),
        help: """
            Exit with zbarimg's codes for scripts that test them: 0 a code in every input, 4 no code in some \
            input, 1 an input that could not be read (or a usage error, a signature that does not verify), 2 an \
            internal error (docs/qr-scanning.md, "Coming from zbarimg").
            """)
    var zbarExitCodes = false

    @Flag(help: "Also print the parsed offline operation or PAC of each symbol.")
    var parse = false

    @Flag(
        help: """
            Print only each code's payload bytes, one code per line, as zbarimg --raw does (for pipes: \
            op=$(qrauth scan --raw shot.png)). On a terminal control characters are shown escaped.
            """)
    var raw = false

    @Option(name: .customLong("pixel-limit"), help: "Refuse images with more pixels than this.")
    var pixelLimit: Int = ImageDecoder.defaultPixelLimit

    @Option(
        name: .customLong("memory-limit"),
        help: ArgumentHelp(
            """
            Memory for the images decoded and scanned at once, in MiB (default: a quarter of this machine's \
            memory, 256 to 4096); jobs wait for their share, an image that alone needs more fails.
            """,
            valueName: "MiB"))
    var memoryLimit: Int?

    @Option(help: ArgumentHelp("Symbologies to decode, comma-separated.", valueName: "list"))
    var symbologies: String = Symbology.qrCode.rawValue

    @Option(
        help: ArgumentHelp(
            "CPU-time budget per image in seconds, a safety net, up to 86400 (0 = no limit).", valueName: "seconds"))
    var budget: Double = 2

    @Option(
        help: ArgumentHelp(
            "Scan passes to try, in order, comma-separated (default: \(QRScanPass.defaultOrder.map(\.rawValue).joined(separator: ","))).",
            valueName: "list"))
    var passes: String?

    @Option(
        name: .customLong("master-key"),
        help: ArgumentHelp(
            "Verify offline operations signed with the master key (Base64 P-256 point).", valueName: "b64"))
    var masterKey: String?

    @Option(
        name: .customLong("device"),
        help: ArgumentHelp(
            "Verify offline operations with this device activation's server (and master) key.", valueName: "file"))
    var deviceOption: String?

    /// The old spelling of `--device`, kept for one release.
    @Option(name: .customLong("activation"), help: .hidden)
    var legacyActivation: String?
    @OptionGroup var verbosity: VerbosityOptions

    /// The device activation file, if any.
    var activation: String? { deviceOption ?? legacyActivation }

    /// Largest file read (bytes); the pixel limit is the real guard, this only bounds memory.
    static let byteLimit = 256 << 20

    func validate() throws {
        try LegacyOption.atMostOne(deviceOption, legacyActivation, name: "--device", old: "--activation")
        guard !paths.isEmpty else { throw ValidationError("give at least one file, folder or '-'") }
        if raw, json || parse {
            throw ValidationError("--raw prints payload bytes only; it cannot be combined with --json or --parse")
        }
        try OptionRange.check(jobsOption, 1...256, "--jobs")
        try OptionRange.check(pixelLimit, 1...ImageDecoder.defaultPixelLimit * 16, "--pixel-limit")
        try OptionRange.check(budget, 0...86_400, "--budget")
        try OptionRange.check(memoryLimit, 16...(1 << 20), "--memory-limit")
        _ = try parsedSymbologies()
        _ = try parsedPasses()
    }

    func parsedPasses() throws -> [QRScanPass] {
        guard let passes else { return QRScanPass.defaultOrder }
        let list = try passes.split(separator: ",").map { name in
            let trimmed = name.trimmingWhitespace().lowercased()
            guard let pass = QRScanPass(rawValue: trimmed) else {
                let known = QRScanPass.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("unknown pass '\(trimmed)' in --passes; known: \(known)")
            }
            return pass
        }
        guard !list.isEmpty else { throw ValidationError("--passes needs at least one pass") }
        return list
    }

    func parsedSymbologies() throws -> Set<Symbology> {
        var set: Set<Symbology> = []
        for name in symbologies.split(separator: ",") {
            let trimmed = name.trimmingWhitespace().lowercased()
            let aliases = ["qr": "qrcode", "qr-code": "qrcode"]
            guard let symbology = Symbology(rawValue: aliases[trimmed] ?? trimmed) else {
                let known = Symbology.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("unknown symbology '\(trimmed)' in --symbologies; known: \(known)")
            }
            set.insert(symbology)
        }
        guard !set.isEmpty else { throw ValidationError("--symbologies needs at least one symbology") }
        return set
    }

    /// The verification keys, loaded once before scanning.
    struct Keys {
        let master: NISTP256.Signing.PublicKey?
        let personalized: NISTP256.Signing.PublicKey?
    }

    func loadKeys() throws -> Keys? {
        guard masterKey != nil || activation != nil else { return nil }
        let device = try activation.map { try ActivationFile<DeviceActivation>.read($0) }
        let master = try masterKey.map { try ServerSignedData.publicKey(base64: $0, field: "--master-key") }
        return Keys(master: try master ?? device?.masterKey(), personalized: try device?.serverKey())
    }

    func run() throws {
        let keys = try loadKeys()
        let inputs = ScanInput.expand(paths, recursive: recursive, byteLimit: Self.byteLimit)
        let scanner = QRBatchScanner(
            jobs: jobs,
            options: QRScanOptions(symbologies: try parsedSymbologies(), passes: try parsedPasses()),
            budget: budget > 0 ? .milliseconds(Int64((budget * 1000).rounded())) : nil,
            memoryBudget: ScanMemoryBudget(capacity: memoryLimit.map { $0 << 20 } ?? ScanMemoryBudget.defaultCapacity)
        )
        var progress =
            StandardStreams.stderrIsTerminal && inputs.count > 1 && Verbosity.current > .quiet
            ? ProgressBar(total: inputs.count) : nil
        StandardStreams.verbose(
            "scanning \(inputs.count) input\(inputs.count == 1 ? "" : "s") with \(jobs) job\(jobs == 1 ? "" : "s")")
        var worst = ExitStatus.success
        scanner.scan(inputs, read: Self.read, pixelLimit: pixelLimit) { result in
            progress?.clear()
            let status = report(result, keys: keys)
            worst = max(worst, status)
            progress?.advance()
        }
        progress?.clear()
        if worst != .success { throw ExitWithStatus(status: worst) }
    }

    /// Reads one input's bytes (on a worker thread); the batch scanner decodes them within its budget.
    @Sendable static func read(_ input: ScanInput) throws -> Data {
        switch input {
        case .file(let path): try FileInput.read(path, limit: byteLimit)
        case .standardInput(let data): data
        case .failed(_, let error): throw error
        }
    }

    /// Prints one input's outcome and returns its exit status.
    func report(_ result: QRBatchResult<ScanInput>, keys: Keys?) -> ExitStatus {
        let name = result.input.name
        switch result.outcome {
        case .failure(let error):
            let (status, message) = Self.describe(error)
            if json {
                printJSON(ScanRecord(path: name, symbols: [], error: JSONError(error), budgetExhausted: false))
            } else {
                StandardStreams.error("qrauth: \(TerminalText.escaped(name)): \(TerminalText.escaped(message))")
            }
            return status
        case .success(let scan):
            let symbols = scan.symbols.map { symbol in
                let payload = ScannedPayload(bytes: symbol.bytes)
                var signature: OfflineSignatureCheck?
                if let keys, case .offlineOperation(let operation) = payload {
                    signature = operation.checkSignature(masterKey: keys.master, personalizedKey: keys.personalized)
                }
                return ScanRecord.Symbol(symbol: symbol, payload: payload, signature: signature, includeParsed: parse)
            }
            if json {
                let error =
                    symbols.isEmpty
                    ? JSONError(code: ExitStatus.noCode.errorCode, message: Self.noCodeMessage(scan)) : nil
                printJSON(
                    ScanRecord(path: name, symbols: symbols, error: error, budgetExhausted: scan.budgetExhausted))
            } else if raw, !symbols.isEmpty {
                if let failure = Self.printRaw(scan.symbols) { return failure }
            } else if symbols.isEmpty {
                StandardStreams.error(
                    "qrauth: \(TerminalText.escaped(name)): \(Self.noCodeMessage(scan))")
            } else {
                for symbol in symbols { printHuman(symbol, name: name) }
            }
            if symbols.isEmpty { return .noCode }
            return symbols.contains { $0.signature == .invalid } ? .checkFailed : .success
        }
    }

    /// Writes each symbol's bytes and a line feed (escaped text on a terminal); the exit status of a
    /// failed write, or nil.
    static func printRaw(_ symbols: [QRSymbol]) -> ExitStatus? {
        let terminal = StandardStreams.stdoutIsTerminal
        for symbol in symbols {
            var line =
                terminal ? Data(TerminalText.escaped(String(decoding: symbol.bytes, as: UTF8.self)).utf8) : symbol.bytes
            line.append(0x0A)
            do {
                try StandardStreams.writeStdout(line)
            } catch {
                StandardStreams.error("qrauth: \(error.message)")
                return error.exitStatus
            }
        }
        return nil
    }

    static func noCodeMessage(_ scan: QRScanReport) -> String {
        guard scan.budgetExhausted else { return "no QR code found" }
        return "no QR code found (the time budget ran out after \(scan.passesRun.count) passes; try --budget)"
    }

    static func describe(_ error: any Error) -> (ExitStatus, String) {
        switch error {
        case let error as any ReportableError: (error.exitStatus, error.message)
        default: (.internalError, "\(error)")
        }
    }

    func printJSON(_ record: ScanRecord) {
        do {
            try JSONOutput.line(record)
        } catch is CLIError {
            // Standard output failed (`> /dev/full`): the run ends with exit 4 and one line saying so (`Entry`).
        } catch {
            StandardStreams.error(
                "qrauth: \(TerminalText.escaped(record.path)): could not encode JSON: \(TerminalText.escaped("\(error)"))"
            )
        }
    }

    func printHuman(_ record: ScanRecord.Symbol, name: String) {
        let prefix = TerminalText.escaped(name) + ": "
        guard let text = record.symbol.text else {
            let bytes = record.symbol.bytes
            print(prefix + bytes.base64EncodedString() + "  (binary, \(bytes.count) bytes, shown as Base64)")
            return
        }
        print(prefix + TerminalText.sanitized(text, continuationIndent: "  "))
        if let signature = record.signature {
            switch signature {
            case .valid: print("  signature: valid")
            case .invalid: print("  signature: INVALID (does not verify)")
            case .keyUnavailable: print("  signature: not checked (the key its indicator names was not given)")
            }
        }
        guard parse else { return }
        switch record.payload {
        case .offlineOperation(let operation):
            let verdict =
                switch record.signature {
                case .valid: "valid"
                case .invalid: "INVALID"
                case .keyUnavailable, nil: "NOT verified"
                }
            print(OperationParseCommand.report(operation, verdict: verdict))
        case .malformedOfflineOperation(let error):
            print("  not a valid offline operation: \(error.reason)")
        case .pac(let token):
            print("  PAC operation id \(TerminalText.escaped(token.operationId))")
            let totp = token.totp.map { TerminalText.escaped($0) } ?? "(none)"
            print("  PAC TOTP         \(totp)")
        case .other:
            break
        }
    }
}
