import ArgumentParser
import FoundationEssentials
import OperationsSync
import PowerAuth

/// The options of the commands that talk to the enrollment server's `/pa/v3` API as the mobile token: the base URL,
/// the device file, TLS and pinning (as `sync`), output.
struct EnrollmentOptions: ParsableArguments {
    @Option(
        name: .customLong("url"),
        help: ArgumentHelp(
            "Required: base URL of the enrollment server, e.g. https://host/enrollment-server. "
                + EnvironmentOption.url.help, valueName: "url"))
    var urlOption: String?

    @Option(
        name: .customLong("device"),
        help: ArgumentHelp("Required: the device activation file. \(EnvironmentOption.device.help)", valueName: "file"))
    var deviceOption: String?

    /// The enrollment server's base URL: `--url`, else `QRAUTH_URL`; `validate()` makes sure there is one.
    var url: String { urlOption ?? EnvironmentOption.url.value ?? "" }

    /// The device activation file: `--device`, else `QRAUTH_DEVICE`; `validate()` makes sure there is one.
    var device: String { deviceOption ?? EnvironmentOption.device.value ?? "" }

    @OptionGroup var transport: TransportOptions

    @Flag(help: "Print one JSON document.")
    var json = false

    func validate() throws {
        _ = try EnvironmentOption.url.require(urlOption, option: "--url", valueName: "URL")
        _ = try EnvironmentOption.device.require(deviceOption, option: "--device", valueName: "FILE")
        try StateFileOption.refuseDash(device, "--device", "the device file is read and written back")
    }

    /// The HTTP client's configuration (TLS, pinning when asked); the URL is checked here, before anything else.
    func httpConfiguration() async throws -> HTTPClientConfiguration {
        let source = EnvironmentOption.url.source(urlOption, option: "--url")
        return try await transport.configuration(url: url, option: source)
    }

    /// The HTTP client over `configuration`; with `signing`, its signer signs with the device file through `store`
    /// (counter saved before a request leaves).
    func makeHTTP(
        _ configuration: HTTPClientConfiguration, signing: Bool, store: ActivationFile<DeviceActivation>
    ) -> NIOHTTPClient {
        var configuration = configuration
        if signing {
            configuration.signer = PowerAuthRequestSigner(store: store)
        }
        return NIOHTTPClient.forCommand(configuration)
    }

    /// An enrollment client over `http`, its clock starting from the offset the device file behind `store` remembers.
    func makeClient(_ http: NIOHTTPClient, store: ActivationFile<DeviceActivation>) -> EnrollmentClient {
        let offset = (try? store.load())?.serverTimeOffsetMillis
        return EnrollmentClient(httpClient: http, clock: ServerClock(offsetMillis: offset))
    }
}

/// A leaf command that talks to the enrollment server as the mobile token: its `EnrollmentOptions` decide `--json`.
protocol EnrollmentLeafCommand: OutputCommand, JSONOutputCommand {
    /// The enrollment server, the device file, TLS and output options.
    var options: EnrollmentOptions { get }
}

extension EnrollmentLeafCommand {
    /// `--json`, from the enrollment options.
    var json: Bool { options.json }
}

/// Runs a body with an enrollment client, always shuts the HTTP client down, remembers the clock offset in the
/// device file and reports a large one on standard error. Every device-file cycle of the run goes through `store`
/// (give the one `ActivationFile.withLockHeld` lends when the run must hold the lock throughout, or use
/// `locked`).
enum EnrollmentRun {
    static func with<T: Sendable>(
        _ options: EnrollmentOptions, signing: Bool, rememberClock: Bool = true,
        store: ActivationFile<DeviceActivation>? = nil, _ body: (EnrollmentClient) async throws -> T
    ) async throws -> T {
        let configuration = try await options.httpConfiguration()
        return try await run(
            options, configuration, signing: signing, rememberClock: rememberClock,
            store: store ?? ActivationFile<DeviceActivation>(path: options.device).clientReading, body)
    }

    /// Checks the URL, then opens the device file once for the whole run: locked, read once, each change written
    /// once; `body` gets the client and the storage every device-file cycle must go through.
    static func locked<T: Sendable>(
        _ options: EnrollmentOptions, signing: Bool,
        _ body: (EnrollmentClient, ActivationFile<DeviceActivation>) async throws -> T
    ) async throws -> T {
        let configuration = try await options.httpConfiguration()
        return try await ActivationFile<DeviceActivation>(path: options.device).clientReading.withLockHeld { store in
            try await run(options, configuration, signing: signing, rememberClock: true, store: store) { client in
                try await body(client, store)
            }
        }
    }

    private static func run<T: Sendable>(
        _ options: EnrollmentOptions, _ configuration: HTTPClientConfiguration, signing: Bool, rememberClock: Bool,
        store: ActivationFile<DeviceActivation>, _ body: (EnrollmentClient) async throws -> T
    ) async throws -> T {
        let http = options.makeHTTP(configuration, signing: signing, store: store)
        let client = options.makeClient(http, store: store)
        let result: Result<T, any Error>
        do {
            result = .success(try await body(client))
        } catch {
            result = .failure(error)
        }
        await http.shutdown()
        report(client.clock, device: rememberClock ? store : nil)
        return try result.get()
    }

    /// Reports a large offset; stores the offset through `device` (best effort: the command's result stands).
    static func report(_ clock: ServerClock, device: ActivationFile<DeviceActivation>?) {
        guard let offset = clock.offsetMillis else { return }
        if clock.isOffsetLarge {
            let seconds = Double(offset) / 1000
            StandardStreams.warning(
                "this machine's clock is \(CFormat.fixed(abs(seconds), digits: 1)) s "
                    + "\(seconds > 0 ? "behind" : "ahead of") the server's; requests use the server's time")
        }
        if let device {
            if FileManager.default.fileExists(atPath: device.path) {
                try? DeviceTransactions(store: device).recordServerTimeOffset(offset)
            }
        }
    }
}
