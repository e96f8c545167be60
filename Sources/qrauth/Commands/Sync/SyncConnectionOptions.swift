import ArgumentParser
import Foundation
import OperationsSync

/// The options every `sync` command shares: server, activation, TLS and pinning, language, output.
struct SyncConnectionOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp("Base URL of the Mobile Token API, e.g. https://host/enrollment-server.", valueName: "url"))
    var server: String

    @Option(
        help: ArgumentHelp("The device activation file (its counter advances with each signature).", valueName: "file"))
    var activation: String

    @OptionGroup var tls: ServerTLSOptions

    @Option(help: ArgumentHelp("Accept-Language of the requests.", valueName: "lang"))
    var lang: String?

    @Flag(help: "Print JSON.")
    var json = false

    /// Builds the HTTP client (with pinning when asked) and the Mobile Token client.
    func makeClient(password: String?) async throws -> (MobileTokenClient, NIOHTTPClient) {
        let baseURL = try tls.baseURL(server, option: "--server")
        var configuration = try await tls.configuration(baseURL: baseURL)
        configuration.signer = PowerAuthRequestSigner(activationPath: activation, password: password)
        if let lang { configuration.identity.acceptLanguage = lang }
        let http = NIOHTTPClient(configuration: configuration, logger: nil)
        return (MobileTokenClient(httpClient: http, configuration: MobileTokenConfiguration(language: lang)), http)
    }
}
