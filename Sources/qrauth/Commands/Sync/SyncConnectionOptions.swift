import ArgumentParser
import FoundationEssentials
import OperationsSync
import PowerAuth

/// The options every `sync` command shares: server, activation, TLS and pinning, language, output.
struct SyncConnectionOptions: ParsableArguments {
    @Option(
        name: .customLong("url"),
        help: ArgumentHelp(
            "Required: base URL of the Mobile Token API, e.g. https://host/enrollment-server. \(EnvironmentOption.url.help)",
            valueName: "url"))
    var urlOption: String?

    /// The old spelling of `--url`, kept for one release (`--server` names a server activation file elsewhere).
    @Option(name: .customLong("server"), help: .hidden)
    var legacyServer: String?

    @Option(
        name: .customLong("device"),
        help: ArgumentHelp(
            "Required: the device activation file (its counter advances with each signature). \(EnvironmentOption.device.help)",
            valueName: "file"))
    var deviceOption: String?

    /// The old spelling of `--device`, kept for one release.
    @Option(name: .customLong("activation"), help: .hidden)
    var legacyActivation: String?

    /// The Mobile Token API base URL (`--url`, its old spelling `--server`, else `QRAUTH_URL`); `validate()` makes
    /// sure there is one.
    var server: String { urlOption ?? legacyServer ?? EnvironmentOption.url.value ?? "" }

    /// The device activation file (`--device`, its old spelling `--activation`, else `QRAUTH_DEVICE`); `validate()`
    /// makes sure.
    var activation: String { deviceOption ?? legacyActivation ?? EnvironmentOption.device.value ?? "" }

    @OptionGroup var transport: TransportOptions

    @Option(help: ArgumentHelp("Accept-Language of the requests.", valueName: "lang"))
    var lang: String?

    @Flag(help: "Print JSON.")
    var json = false

    func validate() throws {
        try LegacyOption.atMostOne(urlOption, legacyServer, name: "--url", old: "--server")
        try LegacyOption.atMostOne(deviceOption, legacyActivation, name: "--device", old: "--activation")
        _ = try EnvironmentOption.url.require(urlOption ?? legacyServer, option: "--url", valueName: "URL")
        _ = try EnvironmentOption.device.require(
            deviceOption ?? legacyActivation, option: "--device", valueName: "FILE")
        try StateFileOption.refuseDash(activation, "--device", "the device file is read and written back")
    }

    /// The HTTP client's configuration (TLS, pinning when asked, language); the URL is checked here, before the device
    /// file is opened.
    func httpConfiguration() async throws -> HTTPClientConfiguration {
        let source = EnvironmentOption.url.source(urlOption ?? legacyServer, option: "--url")
        var configuration = try await transport.configuration(url: server, option: source)
        if let lang { configuration.identity.acceptLanguage = lang }
        return configuration
    }

    /// Builds the HTTP client over `configuration` and the Mobile Token client, both signing through `store`. When the
    /// activation has no `possession_universal` token, the client creates one at the enrollment server
    /// (`/pa/v3/token/create`, same base URL) and stores it, as the mobile SDK does; a token the server refuses is
    /// replaced once.
    func makeClient(
        _ configuration: HTTPClientConfiguration, store: ActivationFile<DeviceActivation>
    ) -> (MobileTokenClient, NIOHTTPClient, ServerClock) {
        var configuration = configuration
        // Token headers are dated on the server-synchronised clock the enrollment client keeps.
        let clock = ServerClock(offsetMillis: (try? store.load())?.serverTimeOffsetMillis)
        configuration.signer = PowerAuthRequestSigner(store: store, clock: clock)
        let http = NIOHTTPClient.forCommand(configuration)
        let enrollment = EnrollmentClient(httpClient: http, clock: clock)
        let tokens = EnrollmentTokenProvisioner(enrollment: enrollment, store: store)
        // Proximity and pre-approval timestamps read the same clock; the encryptor serves encrypted endpoints
        // (activation spawn).
        let client = MobileTokenClient(
            httpClient: http,
            configuration: MobileTokenConfiguration(
                language: lang, tokenProvisioner: tokens,
                encryptor: PowerAuthEncryptor(enrollment: enrollment, store: store), serverClock: clock))
        return (client, http, enrollment.clock)
    }
}
