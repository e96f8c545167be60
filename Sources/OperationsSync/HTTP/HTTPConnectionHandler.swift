import NIOCore
import NIOHTTP1
import NIOTLS

/// The last handler of a connection: reports when the connection is ready (TCP up, TLS handshake and pinning
/// done), writes one request at a time and collects its response under the size cap.
final class HTTPConnectionHandler: ChannelDuplexHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundIn = ConnectionRequest
    typealias OutboundOut = HTTPClientRequestPart

    private struct InFlight {
        let promise: EventLoopPromise<RawResponse>
        let maxResponseSize: Int
        var head: HTTPResponseHead?
        var body: ByteBuffer?
    }

    private let usesTLS: Bool
    private let server: String
    private let ready: EventLoopPromise<Void>
    private var inFlight: InFlight?

    init(usesTLS: Bool, server: String, ready: EventLoopPromise<Void>) {
        self.usesTLS = usesTLS
        self.server = server
        self.ready = ready
    }

    func channelActive(context: ChannelHandlerContext) {
        if !usesTLS {
            ready.succeed()
        }
        context.fireChannelActive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? TLSUserEvent, case .handshakeCompleted = event {
            ready.succeed()
        }
        context.fireUserInboundEventTriggered(event)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let request = unwrapOutboundIn(data)
        guard inFlight == nil else {
            let error = HTTPClientError(.network, "connection to \(server) is busy")
            request.promise.fail(ConnectionFailure(error: error, responseStarted: false, requestWritten: false))
            promise?.fail(error)
            return
        }
        inFlight = InFlight(promise: request.promise, maxResponseSize: request.maxResponseSize)
        context.write(wrapOutboundOut(.head(request.head)), promise: nil)
        if request.body.readableBytes > 0 {
            context.write(wrapOutboundOut(.body(.byteBuffer(request.body))), promise: nil)
        }
        context.write(wrapOutboundOut(.end(nil)), promise: promise)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard var current = inFlight else {
            // Nothing was asked: a server talking out of turn cannot be trusted with the next request.
            context.close(promise: nil)
            return
        }
        // Drop the stored copy so the body buffer is uniquely referenced and grows in place.
        inFlight = nil
        switch unwrapInboundIn(data) {
        case .head(let head):
            if let length = head.headers.first(name: "content-length").flatMap(Int.init),
                length > current.maxResponseSize
            {
                inFlight = current
                fail(context: context, tooLarge(current.maxResponseSize), responseStarted: true)
                return
            }
            current.head = head
            inFlight = current
        case .body(var part):
            var body = current.body ?? context.channel.allocator.buffer(capacity: part.readableBytes)
            current.body = nil
            guard body.readableBytes + part.readableBytes <= current.maxResponseSize else {
                inFlight = current
                fail(context: context, tooLarge(current.maxResponseSize), responseStarted: true)
                return
            }
            body.writeBuffer(&part)
            current.body = body
            inFlight = current
        case .end:
            guard let head = current.head else {
                let error = HTTPClientError(.invalidResponse, "\(server) ended a response without a status line")
                current.promise.fail(ConnectionFailure(error: error, responseStarted: true))
                context.close(promise: nil)
                return
            }
            current.promise.succeed(RawResponse(head: head, body: current.body ?? ByteBuffer()))
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        let mapped = HTTPClientError.from(error, server: server)
        ready.fail(mapped)
        fail(context: context, mapped, responseStarted: inFlight?.head != nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        let error = HTTPClientError(.network, "connection to \(server) closed")
        ready.fail(error)
        if let current = inFlight {
            inFlight = nil
            let reason = current.head == nil ? "closed before responding" : "closed in the middle of the response"
            current.promise.fail(
                ConnectionFailure(
                    error: HTTPClientError(.network, "connection to \(server) \(reason)"),
                    responseStarted: current.head != nil))
        }
        context.fireChannelInactive()
    }

    private func fail(context: ChannelHandlerContext, _ error: HTTPClientError, responseStarted: Bool) {
        if let current = inFlight {
            inFlight = nil
            current.promise.fail(ConnectionFailure(error: error, responseStarted: responseStarted))
        }
        context.close(promise: nil)
    }

    private func tooLarge(_ limit: Int) -> HTTPClientError {
        HTTPClientError(.responseTooLarge, "response of \(server) is larger than \(limit) bytes")
    }
}
