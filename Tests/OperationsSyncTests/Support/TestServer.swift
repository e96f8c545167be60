import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import OfflineOperations

/// A small HTTP/1.1 server on a random loopback port (plain or TLS) that records what it sees.
///
/// It counts connections, closed connections and the application bytes it received (after TLS), so tests can
/// show that nothing was sent. It speaks NIOHTTP1 only (it does not import OperationsSync).
final class TestServer: Sendable {
    typealias Handler = @Sendable (RecordedRequest) -> ServerReply

    private struct State {
        var connections = 0
        var closedConnections = 0
        var applicationBytes = 0
        var requests: [RecordedRequest] = []
        var children: [any Channel] = []
    }

    let port: Int
    let usesTLS: Bool
    private let channel: any Channel
    private let state: NIOLockedValueBox<State>

    private init(port: Int, usesTLS: Bool, channel: any Channel, state: NIOLockedValueBox<State>) {
        self.port = port
        self.usesTLS = usesTLS
        self.channel = channel
        self.state = state
    }

    /// Starts a server; with `tls`, it presents the fixture `localhost.pem` certificate.
    static func start(tls: Bool = false, handler: @escaping Handler) async throws -> TestServer {
        try await start(tls: tls, silent: false, handler: handler)
    }

    /// Starts a server that accepts TCP connections, reads and counts bytes, and never says anything
    /// (no TLS handshake, no HTTP); `baseURL` is an `https://localhost` URL.
    static func startSilent() async throws -> TestServer {
        try await start(tls: true, silent: true) { _ in .never }
    }

    private static func start(tls: Bool, silent: Bool, handler: @escaping Handler) async throws -> TestServer {
        let state = NIOLockedValueBox(State())
        let sslContext: NIOSSLContext? = tls && !silent ? try TestCertificates.serverContext() : nil
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    if let sslContext {
                        try pipeline.addHandler(NIOSSLServerHandler(context: sslContext))
                    }
                    let counter = ConnectionCounter(state: state)
                    try pipeline.addHandler(counter)
                    guard !silent else { return }
                    try pipeline.configureHTTPServerPipeline(withErrorHandling: true)
                    try pipeline.addHandler(RequestHandler(state: state, counter: counter, handler: handler))
                }
            }
        let channel = try await bootstrap.bind(host: "127.0.0.1", port: 0).get()
        guard let port = channel.localAddress?.port else {
            throw TestServerError.noPort
        }
        return TestServer(port: port, usesTLS: tls, channel: channel, state: state)
    }

    /// `http://127.0.0.1:PORT` or `https://localhost:PORT`.
    var baseURL: URL {
        URL(string: usesTLS ? "https://localhost:\(port)" : "http://127.0.0.1:\(port)")!
    }

    var connections: Int { state.withLockedValue { $0.connections } }
    var closedConnections: Int { state.withLockedValue { $0.closedConnections } }
    var applicationBytes: Int { state.withLockedValue { $0.applicationBytes } }
    var requests: [RecordedRequest] { state.withLockedValue { $0.requests } }

    /// Waits (at most `limit`) until a condition on the server holds; returns whether it did.
    func wait(upTo limit: Duration = .seconds(20), until condition: @Sendable (TestServer) -> Bool) async -> Bool {
        let clock = ContinuousClock()
        let end = clock.now + limit
        while clock.now < end {
            if condition(self) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition(self)
    }

    /// Closes every open connection, keeping the listener.
    func closeConnections() async {
        let children = state.withLockedValue { $0.children }
        for child in children {
            try? await child.close()
        }
    }

    /// Closes the listener and every open connection.
    func stop() async {
        let children = state.withLockedValue { $0.children }
        for child in children {
            try? await child.close()
        }
        try? await channel.close()
    }

    private final class ConnectionCounter: ChannelInboundHandler, @unchecked Sendable {
        // @unchecked: used on its channel's event loop only; the shared state is behind a lock.
        typealias InboundIn = ByteBuffer
        typealias InboundOut = ByteBuffer
        let state: NIOLockedValueBox<State>
        /// This connection's number (1, 2, ...), set when it becomes active.
        var number = 0

        init(state: NIOLockedValueBox<State>) { self.state = state }

        func channelActive(context: ChannelHandlerContext) {
            let channel = context.channel
            number = state.withLockedValue {
                $0.connections += 1
                $0.children.append(channel)
                return $0.connections
            }
            context.fireChannelActive()
        }

        func channelInactive(context: ChannelHandlerContext) {
            state.withLockedValue { $0.closedConnections += 1 }
            context.fireChannelInactive()
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let bytes = unwrapInboundIn(data).readableBytes
            state.withLockedValue { $0.applicationBytes += bytes }
            context.fireChannelRead(data)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            // TLS failures end the connection; the tests read the counters.
            context.close(promise: nil)
        }
    }

    private final class RequestHandler: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let state: NIOLockedValueBox<State>
        let counter: ConnectionCounter
        let handler: Handler
        var head: HTTPRequestHead?
        var body: [UInt8] = []

        init(state: NIOLockedValueBox<State>, counter: ConnectionCounter, handler: @escaping Handler) {
            self.state = state
            self.counter = counter
            self.handler = handler
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head):
                self.head = head
                body = []
            case .body(let buffer):
                body += buffer.readableBytesView
            case .end:
                guard let head else { return }
                let request = RecordedRequest(
                    method: head.method.rawValue, uri: head.uri,
                    headers: head.headers.map { ($0.name, $0.value) }, body: body, connection: counter.number)
                state.withLockedValue { $0.requests.append(request) }
                respond(context: context, head: head, reply: handler(request))
            }
        }

        private func respond(context: ChannelHandlerContext, head: HTTPRequestHead, reply: ServerReply) {
            switch reply.action {
            case .never:
                return
            case .close:
                context.close(promise: nil)
                return
            case .respond:
                break
            }
            var headers = HTTPHeaders(reply.headers.map { ($0.name, $0.value) })
            if !reply.chunked {
                headers.replaceOrAdd(name: "Content-Length", value: String(reply.body.count))
            }
            let status = HTTPResponseStatus(statusCode: reply.status)
            context.write(
                wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))),
                promise: nil)
            if head.method != .HEAD && !reply.body.isEmpty {
                context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: reply.body)))), promise: nil)
            }
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }
}

/// What the test server received.
struct RecordedRequest: Sendable {
    let method: String
    let uri: String
    let headers: [(name: String, value: String)]
    let body: [UInt8]
    /// Which connection (1, 2, ...) carried it.
    let connection: Int

    /// The first value of a header, any case.
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Every header value of a name, any case.
    func headerValues(_ name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    var bodyText: String { String(decoding: body, as: UTF8.self) }
}

/// What the test server answers.
struct ServerReply: Sendable {
    enum Action: Sendable {
        case respond
        /// Keep the connection open and never answer.
        case never
        /// Close the connection without answering.
        case close
    }

    var status = 200
    var headers: [(name: String, value: String)] = []
    var body: [UInt8] = []
    /// Leave out `Content-Length` (the encoder then sends the body chunked).
    var chunked = false
    var action = Action.respond

    static let never = ServerReply(action: .never)
    static let close = ServerReply(action: .close)

    static func text(_ text: String, status: Int = 200, headers: [(name: String, value: String)] = []) -> ServerReply {
        ServerReply(status: status, headers: headers + [("Content-Type", "text/plain")], body: Array(text.utf8))
    }

    static func json(_ text: String, status: Int = 200) -> ServerReply {
        ServerReply(status: status, headers: [("Content-Type", "application/json")], body: Array(text.utf8))
    }
}

enum TestServerError: Error {
    case noPort
    case missingFixture(String)
}
