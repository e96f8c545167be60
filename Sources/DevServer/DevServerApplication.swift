import Hummingbird
import HummingbirdCore
import HummingbirdTLS
public import Logging
import NIOCore
import NIOSSL

/// Runs a `DevServer` on a socket with Hummingbird: plain HTTP or TLS from PEM material; stops
/// gracefully on SIGINT/SIGTERM (or when its task is cancelled) and then flushes the state file.
public struct DevServerApplication: Sendable {
    /// How connections are secured.
    public enum Transport: Sendable {
        /// Plain HTTP (load tests only).
        case http
        /// TLS with a PEM certificate chain (leaf first) and a PEM private key.
        case tls(certificateChainPEM: String, privateKeyPEM: String)
    }

    /// How long a connection may stay without a complete request head: after it opens and after
    /// each response. Covers both idle keep-alive connections and clients that send their headers
    /// slowly (the timer runs until the whole head has arrived). The body then has `bodyTimeout`.
    public static let idleTimeoutSeconds = 30

    /// How long a request's body may take to arrive once its head is in, by default.
    public static let defaultBodyTimeout: Duration = .seconds(30)

    static var http1Configuration: HTTP1Channel.Configuration {
        .init(idleTimeout: .seconds(Int64(idleTimeoutSeconds)))
    }

    /// The server logic.
    public let server: DevServer
    /// The address to bind.
    public let host: String
    /// The port (0 = any free port).
    public let port: Int
    /// HTTP or TLS.
    public let transport: Transport
    /// How long a request's body may take once its head is in (then 408 and the connection closes).
    public let bodyTimeout: Duration
    /// The back-office API's own port (0 = any free port), same host and transport; nil: none.
    public let backOfficePort: Int?
    let logger: Logger

    /// The ports actually bound.
    public struct Ports: Sendable {
        /// The main listener's port.
        public var main: Int
        /// The back-office listener's port, when it has one.
        public var backOffice: Int?
    }

    /// Makes an application.
    public init(
        server: DevServer, host: String, port: Int, transport: Transport, backOfficePort: Int? = nil,
        logger: Logger, bodyTimeout: Duration = DevServerApplication.defaultBodyTimeout
    ) {
        self.server = server
        self.host = host
        self.port = port
        self.transport = transport
        self.backOfficePort = backOfficePort
        self.logger = logger
        self.bodyTimeout = bodyTimeout
    }

    /// The URL clients use for `host` and the bound `port`.
    public func url(port: Int) -> String {
        let scheme = if case .http = transport { "http" } else { "https" }
        let hostPart = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(hostPart):\(port)"
    }

    /// Runs until a signal (when `handleSignals`) or cancellation; `onListening` gets the bound port
    /// once the socket is open. The state file is flushed at the end.
    public func run(handleSignals: Bool, onListening: @escaping @Sendable (Int) async -> Void) async throws {
        try await run(handleSignals: handleSignals, onListeningPorts: { ports in await onListening(ports.main) })
    }

    /// Runs like `run(handleSignals:onListening:)`; `onListening` gets every bound port once all are open.
    public func run(handleSignals: Bool, onListeningPorts: @escaping @Sendable (Ports) async -> Void) async throws {
        let builder: HTTPServerBuilder
        switch transport {
        case .http:
            builder = .http1(configuration: Self.http1Configuration)
        case .tls(let chainPEM, let keyPEM):
            do {
                let chain = try NIOSSLCertificate.fromPEMBytes(Array(chainPEM.utf8))
                let key = try NIOSSLPrivateKey(bytes: Array(keyPEM.utf8), format: .pem)
                let configuration = TLSConfiguration.makeServerConfiguration(
                    certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
                builder = try .tls(.http1(configuration: Self.http1Configuration), tlsConfiguration: configuration)
            } catch {
                throw DevServerError(.startup, "the TLS certificate or key is unusable: \(error)")
            }
        }
        let rendezvous = PortRendezvous(expectsBackOffice: backOfficePort != nil, onReady: onListeningPorts)
        var app = Application(
            router: DevServerRoutes.router(server, listener: .main, bodyTimeout: bodyTimeout), server: builder,
            configuration: .init(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in await rendezvous.bound(main: channel.localAddress?.port ?? 0) },
            logger: logger)
        if let backOfficePort {
            app.addServices(
                Application(
                    router: DevServerRoutes.router(server, listener: .backOffice, bodyTimeout: bodyTimeout),
                    server: builder,
                    configuration: .init(address: .hostname(host, port: backOfficePort), serverName: nil),
                    onServerRunning: { channel in await rendezvous.bound(backOffice: channel.localAddress?.port ?? 0) },
                    logger: logger))
        }
        defer { try? server.flush() }
        do {
            if handleSignals {
                try await app.runService()
            } else {
                try await app.run()
            }
        } catch is CancellationError {
            return
        } catch {
            throw DevServerError(.startup, "the server stopped: \(error)")
        }
    }
}
