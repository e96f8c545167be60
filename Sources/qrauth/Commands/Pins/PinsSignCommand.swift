import ArgumentParser
import FingerprintLists
import Foundation
import QRAuthFiles

/// `qrauth pins sign --key KEY.pem --cert CERT [--into LIST.json]`: sign one entry.
struct PinsSignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Sign an entry for a certificate and add it to a list (or print it).",
        discussion: """
            The entry is name&fingerprint&expires signed with ECDSA P-256/SHA-256 (DER). The name defaults to \
            the leaf certificate's common name, the expiry to the pinned certificate's notAfter. With --into \
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

    func validate() throws {
        try OptionRange.check(expires, 1...99_999_999_999, "--expires")
        try OptionRange.check(depth, 0...16, "--depth")
        if into == "-" {
            throw ValidationError("--into - cannot work: the list is read and written back; give a file")
        }
    }

    func run() throws {
        let chain = try source.chain()
        if depth != 0 && !force {
            throw CLIError(
                .usage,
                "a static list cannot carry depth (no signature covers it); give --force to sign the leaf-CN entry anyway"
            )
        }
        var entry = try chain.entry(depth: depth, name: name, expires: expires)
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
