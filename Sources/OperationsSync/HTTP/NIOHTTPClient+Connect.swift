import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

extension NIOHTTPClient {
    /// Opens a connection and waits until it is ready: TCP connected and, for HTTPS, the TLS handshake done
    /// (chain, hostname and the peer certificate evaluator all passed). Bounded by the connect timeout and the
    /// request deadline; cancelling the task abandons and closes it.
    func connect(_ target: ResolvedTarget, deadline: NIODeadline, timeout: Duration) async throws -> any Channel {
        let sslContext = target.usesTLS ? try tlsContext() : nil
        let server = target.key.description
        let loop = group.next()
        let ready = loop.makePromise(of: Void.self)
        let remaining = max(deadline - .now(), .milliseconds(1))
        let connectTimeout = min(TimeAmount(configuration.connectTimeout), remaining)
        let evaluator = configuration.tls.evaluator
        let host = target.host
        let serverHostname = target.hostIsIPAddress ? nil : host
        let usesTLS = target.usesTLS

        let bootstrap = ClientBootstrap(group: loop)
            .connectTimeout(connectTimeout)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    if let sslContext {
                        try pipeline.addHandler(
                            Self.tlsHandler(
                                context: sslContext, serverHostname: serverHostname, host: host, evaluator: evaluator))
                    }
                    try pipeline.addHTTPClientHandlers()
                    try pipeline.addHandler(HTTPConnectionHandler(usesTLS: usesTLS, server: server, ready: ready))
                }
            }
        let connecting = bootstrap.connect(host: target.host, port: target.port)
        connecting.whenComplete { result in
            switch result {
            case .failure(let error):
                ready.fail(HTTPClientError.from(error, server: server))
            case .success(let channel):
                ready.futureResult.whenFailure { _ in channel.close(promise: nil) }
            }
        }
        let timer = loop.scheduleTask(deadline: deadline) {
            ready.fail(
                HTTPClientError(
                    .timeout, "connecting to \(server) took longer than \(HTTPClientError.seconds(timeout)) s"))
        }
        ready.futureResult.whenComplete { _ in timer.cancel() }
        try await withTaskCancellationHandler {
            try await ready.futureResult.get()
        } onCancel: {
            ready.fail(HTTPClientError(.cancelled, "connecting to \(server) cancelled"))
        }
        return try await connecting.get()
    }

    /// The TLS handler; with an evaluator, NIOSSL calls it after its own chain and hostname checks passed.
    ///
    /// NIOSSL's public `customVerificationCallback` replaces OpenSSL's verification entirely; its additional
    /// peer certificate callback runs after it, which is the order pinning needs, so that is the one used.
    private static func tlsHandler(
        context: NIOSSLContext, serverHostname: String?, host: String, evaluator: (any PeerCertificateEvaluator)?
    ) throws -> NIOSSLClientHandler {
        guard let evaluator else {
            return try NIOSSLClientHandler(context: context, serverHostname: serverHostname)
        }
        return try NIOSSLClientHandler._makeSSLClientHandler(context: context, serverHostname: serverHostname) {
            certificate, channel in
            let promise = channel.eventLoop.makePromise(of: Void.self)
            let der: [UInt8]
            do {
                der = try certificate.toDERBytes()
            } catch {
                promise.fail(PinningDenial(reason: "the leaf certificate cannot be encoded"))
                return promise.futureResult
            }
            promise.completeWithTask {
                switch await evaluator.evaluate(PeerCertificate(derRepresentation: der, host: host)) {
                case .trust: return
                case .deny(let reason): throw PinningDenial(reason: reason)
                }
            }
            return promise.futureResult
        }
    }
}
