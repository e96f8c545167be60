import ArgumentParser
import DevServer
import FingerprintLists
import FoundationEssentials
import Logging
import PowerAuth
import QRAuthCrypto
import QRAuthFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `qrauth serve`: the local Mobile Token API + fingerprint endpoint emulator.
struct ServeCommand: AsyncParsableCommand, OutputCommand {
    /// `$TMPDIR` with a trailing `/`, else `/tmp/` (what `NSTemporaryDirectory()` gave on Linux).
    static var temporaryDirectory: String {
        guard let directory = ProcessInfo.processInfo.environment["TMPDIR"], !directory.isEmpty else { return "/tmp/" }
        return directory.hasSuffix("/") ? directory : directory + "/"
    }

    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the local Mobile Token API + fingerprint endpoint emulator.",
        discussion: """
            The first line on stdout is the URL the server listens on (with --port 0, the real port). \
            Give exactly one of --tls-cert/--tls-key, --self-signed or --http. Stops on SIGINT/SIGTERM \
            after writing the state file.
            """
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port (0 = any free port).")
    var port = 8443

    @Option(name: .customLong("tls-cert"), help: ArgumentHelp("PEM certificate chain, leaf first.", valueName: "file"))
    var tlsCert: String?

    @Option(name: .customLong("tls-key"), help: ArgumentHelp("PEM private key of the leaf.", valueName: "file"))
    var tlsKey: String?

    @Flag(
        name: .customLong("self-signed"),
        help:
            "Issue a test CA and a loopback leaf (kept in --state, so the pin survives a restart); print the CA path and the pin."
    )
    var selfSigned = false

    @Flag(help: "Plain HTTP without TLS (load tests only).")
    var http = false

    @Option(help: ArgumentHelp("A server activation file (repeatable).", valueName: "file"))
    var activation: [String] = []

    @Option(help: ArgumentHelp("Persist the state here after every change (created if missing).", valueName: "file"))
    var state: String?

    @Option(
        help: ArgumentHelp(
            "The PowerAuth application (key, secret, master key pair) as JSON; created with fresh keys (0600) when missing.",
            valueName: "file"))
    var app: String?

    @Flag(
        help: """
            Enable the /admin API (no login, on --port). Refused with --backoffice-port or --backoffice-auth-*: \
            it would open the back office's actions to anyone on the public port.
            """)
    var admin = false

    @Flag(help: "Enable the PowerAuth back-office REST API (/rest/v3/...).")
    var backoffice = false

    @Option(
        name: .customLong("backoffice-port"),
        help: ArgumentHelp("Serve /rest/v3 only on this port (0 = any free port), not on --port.", valueName: "port"))
    var backofficePort: Int?

    @Option(
        name: .customLong("backoffice-auth-file"),
        help: ArgumentHelp("Require HTTP Basic on /rest: read user:password from this file.", valueName: "file"))
    var backofficeAuthFile: String?

    @Option(
        name: .customLong("backoffice-auth-env"),
        help: ArgumentHelp("Require HTTP Basic on /rest: read user:password from this variable.", valueName: "var"))
    var backofficeAuthEnv: String?

    @Option(
        name: .customLong("pins-list"), help: ArgumentHelp("Fingerprint list served at /app/init.", valueName: "file"))
    var pinsList: String?

    @Option(
        name: .customLong("pins-private-key"),
        help: ArgumentHelp("PEM private key signing /app/init responses.", valueName: "file"))
    var pinsPrivateKey: String?

    /// The old spelling of `--pins-private-key`, kept for one release (`sync --pins-key` is a public key).
    @Option(name: .customLong("pins-key"), help: .hidden)
    var legacyPinsKey: String?

    /// The PEM private key signing `/app/init` responses, if any.
    var pinsKey: String? { pinsPrivateKey ?? legacyPinsKey }

    @Option(
        name: .customLong("pins-app"), help: ArgumentHelp("Answer /app/init only for this appName.", valueName: "name"))
    var pinsApp: String?

    @Option(
        name: .customLong("ca-out"),
        help: ArgumentHelp("Where --self-signed writes the CA certificate.", valueName: "file"))
    var caOut: String?

    @Option(
        name: .customLong("ready-file"),
        help: ArgumentHelp(
            """
            Written (atomically, with the lines printed at start) once every listener accepts connections; \
            removed first if it exists. A script waits for it instead of reading the output.
            """, valueName: "file"))
    var readyFile: String?

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = "notice"
    @OptionGroup var verbosity: VerbosityOptions

    func validate() throws {
        let modes = [tlsCert != nil || tlsKey != nil, selfSigned, http].filter { $0 }.count
        guard modes == 1 else {
            throw ValidationError("give exactly one of --tls-cert/--tls-key, --self-signed or --http")
        }
        if tlsCert != nil || tlsKey != nil, tlsCert == nil || tlsKey == nil {
            throw ValidationError("--tls-cert and --tls-key go together")
        }
        try LegacyOption.atMostOne(pinsPrivateKey, legacyPinsKey, name: "--pins-private-key", old: "--pins-key")
        if (pinsList == nil) != (pinsKey == nil) {
            throw ValidationError("--pins-list and --pins-private-key go together")
        }
        try OptionRange.check(port, 0...65535, "--port")
        if let backofficePort { try OptionRange.check(backofficePort, 0...65535, "--backoffice-port") }
        if !backoffice, backofficePort != nil || backofficeAuthFile != nil || backofficeAuthEnv != nil {
            throw ValidationError("--backoffice-port and --backoffice-auth-file/-env need --backoffice")
        }
        if backofficeAuthFile != nil, backofficeAuthEnv != nil {
            throw ValidationError("give one of --backoffice-auth-file and --backoffice-auth-env")
        }
        if admin, backofficePort != nil || backofficeAuthFile != nil || backofficeAuthEnv != nil {
            throw ValidationError(
                "--admin has no login and listens on --port: it cannot be combined with --backoffice-port or "
                    + "--backoffice-auth-file/-env (use the back office's /rest/v3 API)")
        }
        if state == "-" || app == "-" || readyFile == "-" {
            throw ValidationError(
                "--state -, --app - and --ready-file - cannot work: the file is read or written whole; give a file")
        }
        if let state, let app, FileIdentity.sameFile(state, app) {
            throw ValidationError("--state \(state) and --app \(app) name one file; give two files")
        }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("unknown --log-level \(logLevel)") }
    }

    func run() async throws {
        var logger = Logger(label: "qrauth.serve") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .notice
        // One server per state file, held for the whole run: two would overwrite each other's changes.
        let stateLock = try state.map { (path) throws(FileError) in
            try FileLock.acquire(for: path, timeout: .seconds(1))
        }
        defer { stateLock?.release() }
        var initial = try DevServerState.load(statePath: state, activationPaths: activation)
        try initial.prepareApplication(path: app)
        var extraLines: [String] = []
        let transport: DevServerApplication.Transport
        var pinning: PinningConfiguration?
        if let pinsList, let pinsKey {
            pinning = try PinningConfiguration.load(listPath: pinsList, keyPath: pinsKey, appName: pinsApp)
        }
        if let tlsCert, let tlsKey {
            let (chainPEM, keyPEM) = (try Self.text(tlsCert), try Self.text(tlsKey))
            try Self.checkTLS(chainPEM: chainPEM, keyPEM: keyPEM, certPath: tlsCert, keyPath: tlsKey)
            transport = .tls(certificateChainPEM: chainPEM, privateKeyPEM: keyPEM)
        } else if selfSigned {
            // Kept in --state and reused while it suits the host, so the CA and the pin survive a restart.
            let identity: SelfSignedIdentity
            if let kept = initial.selfSignedIdentity, kept.suits(host: host) {
                identity = kept
            } else {
                identity = try SelfSignedIdentity.make(host: host)
                initial.selfSignedIdentity = identity
            }
            let caPath = caOut ?? (Self.temporaryDirectory + "qrauth-serve-ca-\(getpid()).pem")
            try AtomicFile.write(Data(identity.authorityPEM.utf8), to: caPath, mode: AtomicFile.publicMode)
            transport = .tls(certificateChainPEM: identity.certificateChainPEM, privateKeyPEM: identity.privateKeyPEM)
            extraLines.append("ca: \(TerminalText.escaped(caPath))")
            extraLines.append("pin: \(identity.leafPin)")
            if pinning == nil { pinning = .selfSigned(identity, appName: pinsApp) }
        } else {
            transport = .http
            StandardStreams.warning("PLAIN HTTP, NO TLS: --http is for load tests on loopback only")
        }
        if let pinning { extraLines.append("pins-public-key: \(pinning.signingKey.exportedPublicKey)") }
        if let application = initial.defaultApplication, let version = application.currentVersion {
            extraLines.append("application: \(TerminalText.escaped(application.applicationId))")
            extraLines.append("sdk-config: \(application.mobileSDKConfiguration(version))")
        }
        let backOffice = try backOfficeConfiguration()
        let server = DevServer(
            state: initial, statePath: state, adminEnabled: admin, pinning: pinning, backOffice: backOffice,
            logger: logger)
        try server.flush()
        let application = DevServerApplication(
            server: server, host: host, port: port, transport: transport, backOfficePort: backofficePort,
            logger: logger)
        let lines =
            extraLines + initial.activations.map { "activation: \(TerminalText.escaped($0.activationId))" }
            + (admin ? ["admin: enabled"] : [])
        let startFailure = StartFailure()
        // A ready file left by an earlier run must not say "ready" before this one is.
        if let readyFile, FileManager.default.fileExists(atPath: readyFile) {
            if unlink(readyFile) != 0 {
                throw CLIError(
                    .malformed, "\(readyFile): cannot remove the old ready file (\(CFormat.errorText(errno)))")
            }
        }
        let readyFile = readyFile
        try await application.run(
            handleSignals: true,
            onListeningPorts: { (ports: DevServerApplication.Ports) in
                var output = [application.url(port: ports.main)] + lines
                if backOffice != nil {
                    // The REST base a back-office client is given (`qrauth backend --url`).
                    output.append("backoffice: \(application.url(port: ports.backOffice ?? ports.main))/rest")
                }
                for line in output { print(line) }
                // Nobody can reach a server whose URL was not printed, and a script waiting for the ready file
                // waits forever: stop either way (state saved, as on SIGTERM), exit 4.
                if let failure = StandardStreams.stdoutWriteFailure() {
                    startFailure.stop("cannot print the server's URL on standard output (\(failure)); stopped")
                    return
                }
                // Called once every listener is open (DevServerApplication's rendezvous of the ports).
                if let readyFile {
                    do {
                        let text = output.joined(separator: "\n") + "\n"
                        try AtomicFile.write(Data(text.utf8), to: readyFile, mode: AtomicFile.publicMode)
                    } catch {
                        startFailure.stop("\(readyFile): cannot write the ready file (\(error)); stopped")
                    }
                }
            })
        if let reason = startFailure.reason { throw CLIError(.malformed, reason) }
    }

    /// The back-office configuration of `--backoffice`, with the Basic login from a file or a variable (never argv).
    private func backOfficeConfiguration() throws -> BackOfficeConfiguration? {
        guard backoffice else { return nil }
        var credentials: BackOfficeLogin?
        if let backofficeAuthFile {
            do {
                credentials = try Self.login(SecretLine.read(backofficeAuthFile, limit: 1 << 20))
            } catch let error as DevServerError {
                throw DevServerError(.file, "\(backofficeAuthFile): \(error.reason)")
            }
        } else if let backofficeAuthEnv {
            guard let value = ProcessInfo.processInfo.environment[backofficeAuthEnv] else {
                throw DevServerError(.configuration, "the variable \(backofficeAuthEnv) is not set")
            }
            credentials = try Self.login(SecretLine.firstLine(of: Array(value.utf8)))
        }
        return BackOfficeConfiguration(credentials: credentials, separateListener: backofficePort != nil)
    }

    /// A `user:password` login from one line read by the secret-line rule (`SecretLine`: one LF or CRLF dropped,
    /// nothing else), so `BackOfficeLogin` never sees a line break.
    private static func login(_ read: (line: [UInt8], hasMore: Bool)) throws -> BackOfficeLogin {
        guard !read.hasMore, let text = SecretLine.text(of: read.line) else {
            throw DevServerError(.configuration, "back-office credentials must be one line user:password of UTF-8 text")
        }
        return try BackOfficeLogin(parsing: text)
    }

    /// Malformed TLS material is malformed input (4), found before the server starts: an empty or non-PEM
    /// certificate file, a key file without a PEM key, and a P-256 key that is not the leaf's. (A key of another
    /// type that does not match is only found by the TLS library when the server starts: exit 5.)
    static func checkTLS(chainPEM: String, keyPEM: String, certPath: String, keyPath: String) throws {
        let chain: [X509Certificate]
        do {
            chain = try X509Certificate.chain(pemRepresentation: chainPEM)
        } catch {
            throw DevServerError(.certificate, "\(certPath): not a PEM certificate chain (\(error.reason))")
        }
        guard let leaf = chain.first else {
            throw DevServerError(.certificate, "\(certPath): holds no PEM certificate")
        }
        guard keyPEM.contains("-----BEGIN "), keyPEM.contains("PRIVATE KEY-----") else {
            throw DevServerError(.certificate, "\(keyPath): holds no PEM private key")
        }
        if let key = try? NISTP256.Signing.PrivateKey(pemRepresentation: keyPEM),
            key.publicKey.derRepresentation != leaf.publicKeyDER
        {
            throw DevServerError(
                .certificate, "\(keyPath): is not the private key of the first certificate in \(certPath)")
        }
    }

    private static func text(_ path: String) throws -> String {
        String(decoding: try FileInput.read(path, limit: 1 << 20), as: UTF8.self)
    }
}

/// Why `serve` stopped itself once listening (its URL not printed, its ready file not written): recorded, then
/// SIGTERM, so the state is saved as on any stop and `run` ends with the reason.
private final class StartFailure: @unchecked Sendable {
    // @unchecked Sendable: `stored` is read and written only while `lock` is held.
    private let lock = Lock()
    private var stored: String?

    var reason: String? {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    /// Records `reason` and stops the server the way SIGTERM does.
    func stop(_ reason: String) {
        lock.lock()
        stored = reason
        lock.unlock()
        kill(getpid(), SIGTERM)
    }
}
