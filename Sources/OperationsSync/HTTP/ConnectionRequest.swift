import NIOCore
import NIOHTTP1

/// One exchange handed to a connection: what to write, the size cap and the promise to complete.
struct ConnectionRequest: Sendable {
    let head: HTTPRequestHead
    let body: ByteBuffer
    let maxResponseSize: Int
    let promise: EventLoopPromise<RawResponse>
}
