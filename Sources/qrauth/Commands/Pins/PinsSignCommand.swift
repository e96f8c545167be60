import ArgumentParser
import FingerprintLists
import FoundationEssentials
import QRAuthEncoding
import QRAuthFiles

/// `qrauth pins sign --key KEY.pem (--cert CERT | --host H | --name N --fingerprint F --expires T)
/// [--into LIST.json]`: sign one entry.
struct PinsSignCommand: ParsableCommand, OutputCommand, JSONOutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Sign an entry for a certificate and add it to a list (or print it).",
        discussion: """
            The entry is name&fingerprint&expires signed with ECDSA P-256/SHA-256 (DER). The name defaults to \
            the leaf certificate's common name, the expiry to the pinned certificate's notAfter. Without a \
            certificate, --name, --fingerprint and --expires give the entry (as ssl-pinning-tool's -n, -f, -t). \
            With --into \
            the entry with the same name and fingerprint is replaced, the list is sorted (name, then newest \
            expiry first) and written atomically; otherwise the entry is printed.
            """
    )

    @OptionGroup var key: SigningKeyOptions
    @OptionGroup var source: CertificateSourceOptions

    @Option(name: .long, help: "The entry name (default: the leaf certificate's common name).")
    var name: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Expiry in Unix seconds (default: the certificate's notAfter).", valueName: "unix"))
    var expires: Int64?

    @Option(
        name: .long,
        help: ArgumentHelp(
            """
            Sign from details, without a certificate: the SHA-256 of the DER certificate as hex (spaces and \
            colons ignored) or Base64; needs --name and --expires.
            """,
            valueName: "hex|b64"))
    var fingerprint: String?

    @Option(name: .long, help: "Pin the chain certificate at this depth (0 = leaf); needs challenge mode in apps.")
    var depth: Int = 0

    @Option(
        name: .long, help: ArgumentHelp("Add the entry to this list file (created if missing).", valueName: "list.json")
    )
    var into: String?

    @Flag(help: "Allow names outside [A-Za-z0-9.*-] and a non-zero --depth in a static list.")
    var force = false

    @Flag(help: "Print one JSON document (the entry) instead of human text.")
    var json = false
    @OptionGroup var verbosity: VerbosityOptions

    func validate() throws {
        try OptionRange.check(expires, 1...99_999_999_999, "--expires")
        try OptionRange.check(depth, 0...16, "--depth")
        if into == "-" {
            throw ValidationError("--into - cannot work: the list is read and written back; give a file")
        }
    }

    /// The entry from the certificate source, or from --name, --fingerprint and --expires.
    func unsignedEntry() throws -> FingerprintEntry {
        guard let fingerprint else {
            return try source.chain().entry(depth: depth, name: name, expires: expires)
        }
        guard source.cert == nil, source.host == nil else {
            throw CLIError(
                .usage,
                "ambiguous: give a certificate (--cert or --host) or --fingerprint with --name and --expires, not both")
        }
        guard let name, let expires else {
            throw CLIError(.usage, "--fingerprint needs --name and --expires (Unix seconds) as well")
        }
        guard depth == 0 else { throw CLIError(.usage, "--depth needs the chain: give --cert or --host") }
        return FingerprintEntry(name: name, fingerprint: try Self.parseFingerprint(fingerprint), expires: expires)
    }

    /// A SHA-256 fingerprint as 64 hex digits (whitespace and colons between them ignored, as
    /// `openssl x509 -fingerprint` prints them) or as Base64 of 32 bytes.
    static func parseFingerprint(_ text: String) throws -> Data {
        let digits = Array(text.filter { !$0.isWhitespace && $0 != ":" })
        if digits.count == 64, digits.allSatisfy(\.isHexDigit) {
            let bytes = stride(from: 0, to: 64, by: 2).compactMap { UInt8(String(digits[$0...$0 + 1]), radix: 16) }
            if bytes.count == 32 { return Data(bytes) }
        }
        if let bytes = StrictBase64.decode(text.trimmingWhitespace()), bytes.count == 32 {
            return bytes
        }
        throw CLIError(
            .usage,
            "--fingerprint must be a SHA-256 as 64 hex digits or Base64 of 32 bytes (got \(text.count) characters)")
    }

    func run() throws {
        if depth != 0 && !force {
            throw CLIError(
                .usage,
                "a static list cannot carry depth (no signature covers it); give --force to sign the leaf-CN entry anyway"
            )
        }
        var entry = try unsignedEntry()
        entry.depth = nil
        guard force || EntryName.isPipelineSafe(entry.name) else {
            throw CLIError(
                .usage,
                "the name \"\(TerminalText.escaped(entry.name))\" has characters outside [A-Za-z0-9.*-] that the tool, iOS and Android may "
                    + "read differently; give --force to sign it anyway")
        }
        let signed = try key.load().sign(entry)
        if let into {
            // Read, add and write back under the list's lock: parallel signers never lose an entry.
            let list = try FileLock.withLock(for: into) {
                var list = FingerprintList()
                if FileManager.default.fileExists(atPath: into) {
                    do {
                        list = try FingerprintList.decode(try FileInput.read(into))
                    } catch let error as FingerprintListError {
                        throw FingerprintListError(error.code, "\(into): \(error.reason)")
                    }
                }
                list.upsert(signed)
                try AtomicFile.write(list.encoded(), to: into, mode: AtomicFile.publicMode)
                return list
            }
            if !json {
                print(
                    "signed \(TerminalText.escaped(signed.name)) \(signed.fingerprint.base64EncodedString()) until \(UTCTime.text(signed.expires))"
                )
                print(
                    "\(TerminalText.escaped(into)): \(list.entries.count) entr\(list.entries.count == 1 ? "y" : "ies")")
                return
            }
        }
        print(signed.jsonText())
    }
}
