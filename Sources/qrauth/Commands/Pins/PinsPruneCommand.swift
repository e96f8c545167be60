import ArgumentParser
import FingerprintLists
import FoundationEssentials
import QRAuthFiles

/// `qrauth pins prune LIST.json`: drop expired entries, atomically.
struct PinsPruneCommand: ParsableCommand, JSONDocumentCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Remove expired entries from a list file (written atomically; signatures are kept).",
        discussion: "An entry is expired when expires < now; one expiring exactly now is kept, as the apps do."
    )

    @Argument(help: ArgumentHelp("The list file to rewrite ('-' only with --dry-run).", valueName: "list.json"))
    var list: String

    @Option(name: .long, help: ArgumentHelp("Judge expiry at this Unix time (default: now).", valueName: "unix"))
    var now: Int64?

    @Flag(name: .customLong("dry-run"), help: "Print what would be removed; do not write.")
    var dryRun = false

    @OptionGroup var output: JSONDocumentOptions

    struct Report: Encodable {
        /// One removed (or, with `--dry-run`, removable) entry.
        struct Entry: Encodable {
            let name: String
            let fingerprint: String
            let expires: Int64
        }

        let path: String
        let removed: [Entry]
        let kept: Int
        let written: Bool
    }

    func validate() throws {
        if list == "-" && !dryRun {
            throw ValidationError(
                "'-' is not allowed: prune reads the list and writes it back (give a file, or --dry-run)")
        }
        try OptionRange.check(now, OptionRange.unixSeconds, "--now")
    }

    func run() throws {
        var parsed: FingerprintList
        do {
            parsed = try FingerprintList.decode(try FileInput.read(list))
        } catch let error as FingerprintListError {
            throw FingerprintListError(error.code, "\(list): \(error.reason)")
        }
        let removed = parsed.removeExpired(at: now ?? UTCTime.now)
        let write = !dryRun && !removed.isEmpty
        if write {
            try AtomicFile.write(parsed.encoded(), to: list, mode: AtomicFile.publicMode)
            StandardStreams.verbose("wrote \(list) (\(parsed.entries.count) entries)")
        }
        let names = removed.map {
            "\($0.name) \($0.fingerprint.base64EncodedString()) expired \(UTCTime.text($0.expires))"
        }
        if json {
            let entries = removed.map {
                Report.Entry(name: $0.name, fingerprint: $0.fingerprint.base64EncodedString(), expires: $0.expires)
            }
            try JSONOutput.document(Report(path: list, removed: entries, kept: parsed.entries.count, written: write))
        } else {
            for name in names { print("\(dryRun ? "would remove" : "removed") \(TerminalText.escaped(name))") }
            print(
                "\(TerminalText.escaped(list)): \(removed.count) removed, \(parsed.entries.count) kept\(write ? "" : " (unchanged)")"
            )
        }
    }
}
