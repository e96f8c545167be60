import ArgumentParser
import FingerprintLists
import FoundationEssentials
import QRAuthFiles

/// `--cert FILE` or `--host HOST:PORT`: where a command takes the certificate chain from.
struct CertificateSourceOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp("A certificate file: PEM (one or a chain, leaf first) or DER.", valueName: "cert"))
    var cert: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Fetch the chain from a TLS server (no trust check; port 443 by default).", valueName: "host:port"))
    var host: String?

    @Option(name: .customLong("server-name"), help: "The SNI name to send with --host (default: the host).")
    var serverName: String?

    @Option(name: .long, help: "Seconds to wait for the TLS server (1 to 600).")
    var timeout: Int = 10

    func validate() throws {
        try OptionRange.check(timeout, OptionRange.timeoutSeconds, "--timeout")
    }

    /// Loads the chain from the one source given.
    func chain() throws -> CertificateChain {
        switch (cert, host) {
        case (let path?, nil): return try CertificateFile.read(path)
        case (nil, let host?): return try HostAddress(host).fetch(serverName: serverName, timeout: timeout)
        case (nil, nil): throw CLIError(.usage, "give the certificate with --cert FILE or --host HOST:PORT")
        case (_?, _?): throw CLIError(.usage, "give either --cert or --host, not both")
        }
    }
}
