import ArgumentParser
import FingerprintLists
import FoundationEssentials
import QRAuthCrypto
import QRAuthEncoding

/// `qrauth pins fingerprint CERT... [--host HOST:PORT]`: what an entry for each certificate would pin.
struct PinsFingerprintCommand: ParsableCommand, JSONDocumentCommand {
    static let configuration = CommandConfiguration(
        commandName: "fingerprint",
        abstract: "Print each certificate's pin fingerprint (SHA-256 of the DER), common name and notAfter.",
        discussion: "Files may hold a chain (leaf first); every certificate is listed with its depth."
    )

    @Argument(help: ArgumentHelp("Certificate files (PEM or DER; '-' for standard input).", valueName: "cert"))
    var certificates: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp("Also fetch the chain a TLS server presents (no trust check).", valueName: "host:port"))
    var host: String?

    @Option(name: .customLong("server-name"), help: "The SNI name to send with --host (default: the host).")
    var serverName: String?

    @Option(name: .long, help: "Seconds to wait for the TLS server (1 to 600).")
    var timeout: Int = 10

    @OptionGroup var output: JSONDocumentOptions

    struct Item: Encodable {
        /// The certificate file, or nil for a chain fetched with `--host`.
        let path: String?
        /// The `host:port` the chain was fetched from, or nil for a file.
        let host: String?
        let depth: Int
        let commonName: String?
        let fingerprint: String
        let fingerprintHex: String
        let spkiSHA256: String
        let notBefore: Int64
        let notAfter: Int64
        let dnsNames: [String]
    }

    func validate() throws {
        try OptionRange.check(timeout, OptionRange.timeoutSeconds, "--timeout")
    }

    func run() throws {
        guard !certificates.isEmpty || host != nil else {
            throw CLIError(.usage, "give certificate files, --host HOST:PORT, or both")
        }
        var items: [Item] = []
        for path in certificates {
            items += describe(try CertificateFile.read(path), path: path, host: nil)
        }
        if let host {
            let chain = try HostAddress(host).fetch(serverName: serverName, timeout: timeout)
            items += describe(chain, path: nil, host: host)
        }
        if json {
            try JSONOutput.document(items)
            return
        }
        for item in items {
            print(
                "\(TerminalText.escaped(item.path ?? item.host ?? "-")) depth \(item.depth): "
                    + (item.commonName.map { "CN=\(TerminalText.escaped($0))" } ?? "(no CN)"))
            print("  fingerprint  \(item.fingerprint)")
            print("  sha256 hex   \(item.fingerprintHex)")
            print("  notAfter     \(item.notAfter) (\(UTCTime.text(item.notAfter)))")
            print("  spki sha256  \(item.spkiSHA256) (not what Wultra pins)")
        }
    }

    private func describe(_ chain: CertificateChain, path: String?, host: String?) -> [Item] {
        chain.certificates.enumerated().map { depth, certificate in
            Item(
                path: path, host: host, depth: depth, commonName: certificate.subjectCommonName,
                fingerprint: certificate.fingerprintSHA256.base64EncodedString(),
                fingerprintHex: certificate.fingerprintSHA256.lowercaseHex,
                spkiSHA256: certificate.subjectPublicKeyInfoSHA256.base64EncodedString(),
                notBefore: certificate.notBefore, notAfter: certificate.notAfter,
                dnsNames: certificate.subjectAlternativeDNSNames)
        }
    }
}
