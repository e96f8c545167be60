import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS
public import QRAuthCrypto

/// Fetches the certificate chain a TLS server presents, the way `openssl s_client -showcerts` does.
///
/// Blocking; sends SNI; does **not** verify the chain or the host name (this is for reading what a
/// server serves so it can be pinned, never for trusting it).
public enum TLSCertificateFetcher {
    /// Connects to `host:port`, completes a TLS handshake and returns the peer chain, leaf first.
    ///
    /// `serverName` is the SNI name; nil uses `host` unless it is an IP address literal.
    /// `timeoutSeconds` bounds the connect and the handshake. Must not be called on an event loop.
    public static func fetchChain(
        host: String, port: Int, serverName: String?, timeoutSeconds: Int
    ) throws(HTTPClientError) -> [X509Certificate] {
        guard !host.isEmpty, !host.contains("\0") else { throw HTTPClientError(.invalidURL, "the host is empty") }
        guard (1...65535).contains(port) else {
            throw HTTPClientError(.invalidURL, "the port \(port) is not between 1 and 65535")
        }
        let server = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        let timeout = TimeAmount.seconds(Int64(max(1, timeoutSeconds)))
        let isIPAddress = (try? SocketAddress(ipAddress: host, port: 0)) != nil
        let sni = serverName.flatMap { $0.isEmpty ? nil : $0 } ?? (isIPAddress ? nil : host)
        let chain: [NIOSSLCertificate]
        do {
            chain = try handshake(host: host, port: port, serverName: sni, timeout: timeout, server: server)
        } catch {
            throw HTTPClientError.from(error, server: server)
        }
        var certificates: [X509Certificate] = []
        for certificate in chain {
            do {
                certificates.append(try X509Certificate(derRepresentation: certificate.toDERBytes()))
            } catch {
                throw HTTPClientError(.tls, "\(server) presented a certificate that cannot be read: \(error)")
            }
        }
        guard !certificates.isEmpty else { throw HTTPClientError(.tls, "\(server) presented no certificate") }
        return certificates
    }

    /// Runs the handshake on NIO and returns the chain the server sent; the connection is closed after.
    private static func handshake(
        host: String, port: Int, serverName: String?, timeout: TimeAmount, server: String
    ) throws -> [NIOSSLCertificate] {
        // The custom verification callback replaces NIOSSL's chain checks: it records the chain and accepts it.
        // NIOSSL's own host name (or, without SNI, IP address) check is switched off too.
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .noHostnameVerification
        let context = try NIOSSLContext(configuration: configuration)
        let presented = NIOLockedValueBox<[NIOSSLCertificate]>([])
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let done = loop.makePromise(of: Void.self)
        let bootstrap = ClientBootstrap(group: loop)
            .connectTimeout(timeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let tls = try NIOSSLClientHandler(context: context, serverHostname: serverName) {
                        certificates, verified in
                        presented.withLockedValue { $0 = certificates }
                        verified.succeed(.certificateVerified)
                    }
                    try channel.pipeline.syncOperations.addHandler(tls)
                    try channel.pipeline.syncOperations.addHandler(HandshakeWatcher(done: done, server: server))
                }
            }
        let connecting = bootstrap.connect(host: host, port: port)
        connecting.whenFailure { done.fail($0) }
        let timer = loop.scheduleTask(in: timeout) {
            done.fail(
                HTTPClientError(
                    .timeout,
                    "the TLS handshake with \(server) took longer than \(timeout.nanoseconds / 1_000_000_000) s"))
        }
        defer {
            timer.cancel()
            connecting.whenSuccess { $0.close(promise: nil) }
        }
        try done.futureResult.wait()
        return presented.withLockedValue { $0 }
    }

    /// Completes `done` when the handshake completes, fails it when the connection errors or closes first.
    private final class HandshakeWatcher: ChannelInboundHandler, Sendable {
        typealias InboundIn = NIOAny

        let done: EventLoopPromise<Void>
        let server: String

        init(done: EventLoopPromise<Void>, server: String) {
            self.done = done
            self.server = server
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if case .handshakeCompleted? = event as? TLSUserEvent { done.succeed() }
            context.fireUserInboundEventTriggered(event)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            done.fail(error)
            context.close(promise: nil)
        }

        func channelInactive(context: ChannelHandlerContext) {
            done.fail(HTTPClientError(.network, "\(server) closed the connection during the TLS handshake"))
            context.fireChannelInactive()
        }
    }
}
