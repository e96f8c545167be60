import NIOCore
import NIOHTTP1

/// A response as the connection handler collected it.
struct RawResponse: Sendable {
    let head: HTTPResponseHead
    let body: ByteBuffer
}
