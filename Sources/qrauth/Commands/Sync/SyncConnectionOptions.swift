import ArgumentParser
import Foundation
import OperationsSync
import PowerAuth

/// The options every `sync` command shares: server, activation, TLS and pinning, language, output.
struct SyncConnectionOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp("Base URL of the Mobile Token API, e.g. https://host/enrollment-server.", valueName: "url"))
    var server: String

    @Option(
        help: ArgumentHelp("The device activation file (its counter advances with each signature).", valueName: "file"))
    var activation: String

    @OptionGroup var transport: TransportOptions

    @Option(help: ArgumentHelp("Accept-Language of the requests.", valueName: "lang"))
    var lang: String?

    @Flag(help: "Print JSON.")
    var json = false

    /// Builds the HTTP client (with pinning when asked) and the Mobile Token client. When the activation has no
    /// `possession_universal` token, the client creates one at the enrollment server (`/pa/v3/token/create`, same
    /// base URL) and stores it, as the mobile SDK does; a token the server refuses is replaced once.
    func makeClient(password: String?) async throws -> (MobileTokenClient, NIOHTTPClient, ServerClock) {
        var configuration = try await transport.configuration(url: server, option: "--server")
        let store = ActivationFileStorage(path: activation)
        configuration.signer = PowerAuthRequestSigner(store: store, password: password)
        if let lang { configuration.identity.acceptLanguage = lang }
        let http = NIOHTTPClient(configuration: configuration, logger: nil)
        let offset = (try? store.load())?.serverTimeOffsetMillis
        let enrollment = EnrollmentClient(httpClient: http, clock: ServerClock(offsetMillis: offset))
        let tokens = EnrollmentTokenProvisioner(enrollment: enrollment, store: store)
        let client = MobileTokenClient(
            httpClient: http, configuration: MobileTokenConfiguration(language: lang, tokenProvisioner: tokens))
        return (client, http, enrollment.clock)
    }
}
