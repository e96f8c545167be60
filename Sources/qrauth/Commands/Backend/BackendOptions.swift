import ArgumentParser
import FoundationEssentials
import MobileTokenAPI
import OperationsSync

/// The options every `backend` command shares: REST base, Basic credentials, TLS, output, `-q`/`-v`.
struct BackendOptions: ParsableArguments {
    @Option(
        name: .customLong("url"),
        help: ArgumentHelp(
            "Required: the REST base, e.g. http://host:8080/powerauth-java-server/rest. "
                + EnvironmentOption.backOfficeURL.help, valueName: "url"))
    var urlOption: String?

    /// The REST base: `--url`, else `QRAUTH_BACKOFFICE_URL`; `validate()` makes sure there is one.
    var url: String { urlOption ?? EnvironmentOption.backOfficeURL.value ?? "" }

    @Option(
        name: .customLong("auth-user"),
        help: ArgumentHelp(
            "HTTP Basic user of a restrictAccess server (the password from --password-stdin|-file|-env).",
            valueName: "name"))
    var authUser: String?

    @OptionGroup var password: PasswordOptions

    @OptionGroup var transport: TransportOptions

    @Flag(help: "Print the server's responseObject as JSON.")
    var json = false

    @OptionGroup var verbosity: VerbosityOptions

    func validate() throws {
        _ = try EnvironmentOption.backOfficeURL.require(urlOption, option: "--url", valueName: "URL")
        if password.isGiven && authUser == nil {
            throw ValidationError("a password is only used with --auth-user")
        }
    }

    /// Runs a body with a back-office client and always shuts the HTTP client down.
    func run<T: Sendable>(_ body: (BackOfficeClient) async throws -> T) async throws -> T {
        var credentials: BackOfficeCredentials?
        if let authUser {
            guard let secret = try password.resolve() else {
                throw CLIError(
                    .usage, "--auth-user needs the password: --password-stdin, --password-file or --password-env")
            }
            credentials = try BackOfficeCredentials(user: authUser, password: secret)
        }
        let source = EnvironmentOption.backOfficeURL.source(urlOption, option: "--url")
        let configuration = try await transport.configuration(url: url, option: source)
        let http = NIOHTTPClient.forCommand(configuration)
        do {
            let result = try await body(BackOfficeClient(httpClient: http, credentials: credentials))
            await http.shutdown()
            return result
        } catch {
            await http.shutdown()
            throw error
        }
    }

    /// Sends one request with a client made for it (the one call of most `backend` commands).
    func send<Request: Encodable & Sendable, Response: Decodable & Sendable>(
        _ endpoint: BackOffice.Endpoint, _ request: Request, expecting: Response.Type
    ) async throws -> BackOfficeResponse<Response> {
        try await run { try await $0.send(endpoint, request, expecting: expecting) }
    }

    /// Sends one request that takes no input with a client made for it.
    func send<Response: Decodable & Sendable>(
        _ endpoint: BackOffice.Endpoint, expecting: Response.Type
    ) async throws -> BackOfficeResponse<Response> {
        try await run { try await $0.send(endpoint, expecting: expecting) }
    }

    /// Sends one request with a client made for it and prints the answer (`report`, with the lines `lines` makes of
    /// the payload); returns the payload, for the commands whose exit status depends on it.
    @discardableResult
    func call<Request: Encodable & Sendable, Response: Decodable & Sendable>(
        _ endpoint: BackOffice.Endpoint, _ request: Request, expecting: Response.Type,
        lines: (Response) -> [(String, String?)]
    ) async throws -> Response {
        let response = try await send(endpoint, request, expecting: expecting)
        try report(response, lines(response.payload))
        return response.payload
    }

    /// Prints an answer: `--json` the server's responseObject; else `name: value` lines, values escaped.
    func report<Payload>(_ response: BackOfficeResponse<Payload>, _ lines: [(String, String?)]) throws {
        if json {
            try JSONOutput.document(response.raw)
        } else {
            for (name, value) in lines {
                guard let value else { continue }
                print("\(name): \(TerminalText.escaped(value))")
            }
        }
    }

    /// Prints a listing: `--json` the server's responseObject; else one escaped line per item.
    func report<Payload, Item>(
        _ response: BackOfficeResponse<Payload>, each items: [Item], _ line: (Item) -> String
    )
        throws
    {
        if json { return try JSONOutput.document(response.raw) }
        for item in items { print(TerminalText.escaped(line(item))) }
    }
}
