import ArgumentParser
import FingerprintLists
import FoundationEssentials
import OperationsSync
import QRAuthCrypto
import QRAuthFiles

/// How a network command reaches its server: TLS trust (`--ca`, `--insecure`), plain HTTP (`--allow-http`),
/// pinning with a signed fingerprint list (`--pins`, `--pins-url`, `--pins-key`, `--pins-challenge`) and the
/// timeout. `sync`, `activation activate|status|remove` and `token create|remove` share it.
struct TransportOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Pin the server: a signed fingerprint list file (needs --pins-key).", valueName: "file"))
    var pins: String?

    @Option(
        name: .customLong("pins-url"),
        help: ArgumentHelp(
            "Pin the server: download the fingerprint list from this URL (needs --pins-key).", valueName: "url"))
    var pinsURL: String?

    @Option(
        name: .customLong("pins-key"),
        help: ArgumentHelp("The list signing public key, Base64 of the 65-byte point.", valueName: "base64"))
    var pinsKey: String?

    @Flag(name: .customLong("pins-challenge"), help: "Download the list in challenge mode (X-Cert-Pinning-Challenge).")
    var pinsChallenge = false

    @Option(
        name: .customLong("ca"),
        help: ArgumentHelp(
            "Trust this PEM CA bundle instead of the system store. \(EnvironmentOption.ca.help)", valueName: "file"))
    var caOption: String?

    /// The CA bundle: `--ca`, else `QRAUTH_CA`.
    var ca: String? { caOption ?? EnvironmentOption.ca.value }

    @Flag(help: "Skip TLS validation (test servers only).")
    var insecure = false

    @Flag(name: .customLong("allow-http"), help: "Allow plain http:// URLs.")
    var allowHTTP = false

    @Option(help: ArgumentHelp("Request timeout in seconds.", valueName: "seconds"))
    var timeout: Int = 10

    func validate() throws {
        if pins != nil && pinsURL != nil { throw ValidationError("give --pins or --pins-url, not both") }
        if (pins != nil || pinsURL != nil) && pinsKey == nil {
            throw ValidationError("--pins and --pins-url need --pins-key")
        }
        if allowHTTP && (pins != nil || pinsURL != nil) {
            throw ValidationError(
                "--pins and --pins-url cannot be combined with --allow-http: plain HTTP has no certificate to pin")
        }
        if insecure && (pins != nil || pinsURL != nil) {
            throw ValidationError("--insecure cannot be combined with pinning")
        }
        try OptionRange.check(timeout, OptionRange.timeoutSeconds, "--timeout")
    }

    /// The HTTP client configuration for `url` (given as `option`): the base URL checked first (a usage error before
    /// anything is read or sent), then trust, plain HTTP, timeout and pinning (the list is fetched or read now).
    func configuration(url: String, option: String) async throws -> HTTPClientConfiguration {
        guard let baseURL = URL(string: url), baseURL.host != nil,
            ["http", "https"].contains(baseURL.scheme?.lowercased() ?? "")
        else {
            throw CLIError(.usage, "\(option) \(url) is not an http(s) URL")
        }
        if baseURL.scheme?.lowercased() == "http" && !allowHTTP {
            throw CLIError(.usage, "\(option) \(url) is plain HTTP; add --allow-http to allow it")
        }
        var configuration = HTTPClientConfiguration(baseURL: baseURL)
        configuration.allowInsecureHTTP = allowHTTP
        configuration.requestTimeout = .seconds(timeout)
        let caPEM = try ca.map { path in
            let pem = String(decoding: try FileInput.read(path, limit: 1 << 20), as: UTF8.self)
            // An empty or non-PEM bundle is malformed input (4), not a TLS failure at the server (5).
            guard let certificates = try? X509Certificate.chain(pemRepresentation: pem), !certificates.isEmpty else {
                throw CLIError(.malformed, "--ca \(path) holds no PEM certificate")
            }
            return pem
        }
        if insecure {
            configuration.tls = .noValidation
        } else if let caPEM {
            configuration.tls = .customCA(pemBundle: caPEM)
        }
        if let pinsKey {
            let key = try PinningPublicKey(base64: pinsKey)
            let store = try await makeStore(key: key, baseConfiguration: configuration)
            configuration.tls = .pinned(CertStoreEvaluator(store: store), customCA: caPEM)
        }
        return configuration
    }

    private func makeStore(key: PinningPublicKey, baseConfiguration: HTTPClientConfiguration) async throws -> CertStore
    {
        if let pins {
            let data = try FileInput.read(pins, limit: 16 << 20)
            let configuration = try CertStoreConfiguration(serviceURL: URL(fileURLWithPath: pins), publicKey: key)
            let store = CertStore(
                configuration: configuration, fetcher: StaticFingerprintFetcher(body: data), storageDirectory: nil)
            let update = await store.update(mode: .forced)
            guard update.result == .ok else {
                throw CLIError(
                    .malformed,
                    "the fingerprint list \(pins) is unusable (\(update.result.rawValue)); refusing to connect without pinning"
                )
            }
            return store
        }
        guard let pinsURL, let url = URL(string: pinsURL) else { throw CLIError(.usage, "--pins-url is not a URL") }
        let configuration = try CertStoreConfiguration(serviceURL: url, publicKey: key, useChallenge: pinsChallenge)
        let fetchClient = NIOHTTPClient.forCommand(baseConfiguration)
        let fetcher = RecordingFingerprintFetcher(wrapped: HTTPFingerprintFetcher(client: fetchClient))
        let store = CertStore(configuration: configuration, fetcher: fetcher, storageDirectory: nil)
        let update = await store.update(mode: .forced)
        await fetchClient.shutdown()
        if update.result == .networkError {
            // Nothing to pin against: say what the list server answered (or why it could not be reached).
            let what = await fetcher.record.last ?? "no answer"
            throw CLIError(.network, "cannot download the fingerprint list \(pinsURL): \(what)")
        }
        if update.result != .ok {
            StandardStreams.warning("the fingerprint list update gave \(update.result.rawValue)")
        }
        return store
    }
}
