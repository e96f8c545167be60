import FoundationEssentials
import HTTPTypes
public import Logging
import NIOConcurrencyHelpers
public import NIOCore
import NIOPosix
import NIOSSL

/// The HTTP/1.1 client on SwiftNIO and NIOSSL: keep-alive connection pool, TLS with a pinning hook,
/// interceptors, a response observer, a cookie jar, timeouts, cancellation and redacted logging.
///
/// One client is meant to be shared by many tasks. Call `shutdown()` when done so pooled connections close
/// at once (they are also closed when the client is released).
public final class NIOHTTPClient: HTTPClient {
    /// The configuration the client was made with.
    public let configuration: HTTPClientConfiguration
    /// The configuration's response observer.
    public var responseObserver: (any HTTPResponseObserver)? { configuration.responseObserver }

    let log: HTTPEventLogger
    let group: any EventLoopGroup
    let pool: ConnectionPool
    private let tlsContextCache = NIOLockedValueBox<Result<NIOSSLContext, HTTPClientError>?>(nil)

    /// Makes a client; `logger` nil logs nothing; the event loop group defaults to NIO's shared singleton.
    public init(
        configuration: HTTPClientConfiguration, logger: Logger? = nil,
        eventLoopGroup: (any EventLoopGroup)? = nil
    ) {
        self.configuration = configuration
        self.log = HTTPEventLogger(logger: logger, options: configuration.logging)
        self.group = eventLoopGroup ?? MultiThreadedEventLoopGroup.singleton
        self.pool = ConnectionPool(
            maxIdlePerKey: configuration.maxIdleConnectionsPerHost,
            idleTimeout: TimeAmount(configuration.idleConnectionTimeout))
    }

    deinit {
        for channel in pool.closeAll(shutdown: true) {
            channel.close(promise: nil)
        }
    }

    /// Sends a request and returns the whole response; 3xx, 4xx and 5xx are responses, not errors.
    public func send(_ request: HTTPExchange.Request) async throws(HTTPClientError) -> HTTPExchange.Response {
        do {
            return try await perform(request)
        } catch {
            let mapped = HTTPClientError.from(error, server: "server")
            let message = "HTTP \(request.head.method.rawValue) \(describe(request)) failed: \(mapped)"
            if mapped.code == .cancelled {
                log.warning(message)
            } else {
                log.error(message)
            }
            throw mapped
        }
    }

    /// Closes the pooled connections; later requests fail with `shutdown`.
    public func shutdown() async {
        for channel in pool.closeAll(shutdown: true) {
            try? await channel.close()
        }
    }

    /// The NIOSSL context of this client's TLS settings, made once.
    func tlsContext() throws -> NIOSSLContext {
        let result = tlsContextCache.withLockedValue { cache in
            if let cache { return cache }
            let made = Result { () throws(HTTPClientError) in try Self.makeTLSContext(configuration.tls) }
            cache = made
            return made
        }
        return try result.get()
    }

    private func describe(_ request: HTTPExchange.Request) -> String {
        if let url = request.url { return log.redactor.url(url) }
        return log.redactor.url(request.head.path ?? "")
    }

    static func makeTLSContext(_ validation: TLSValidation) throws(HTTPClientError) -> NIOSSLContext {
        var tls = TLSConfiguration.makeClientConfiguration()
        switch validation.trust {
        case .system:
            break
        case .customCA(let pem):
            let certificates: [NIOSSLCertificate]
            do {
                certificates = try NIOSSLCertificate.fromPEMBytes(Array(pem.utf8))
            } catch {
                throw HTTPClientError(.tls, "the custom CA bundle is not valid PEM")
            }
            guard !certificates.isEmpty else {
                throw HTTPClientError(.tls, "the custom CA bundle holds no certificate")
            }
            tls.trustRoots = .certificates(certificates)
        case .none:
            tls.certificateVerification = .none
        }
        do {
            return try NIOSSLContext(configuration: tls)
        } catch {
            throw HTTPClientError(.tls, "cannot set up TLS: \(error)")
        }
    }
}
