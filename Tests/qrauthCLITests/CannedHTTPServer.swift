import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A plain-HTTP server on a random loopback port that answers every request the same canned way (a status and
/// body, or closing the connection after reading the request): the failures of a real server after a signed
/// request has left. Serves at most `limit` connections, each on the accepting thread; stopped on `stop()`.
final class CannedHTTPServer: @unchecked Sendable {  // the fd and port are set once in init; `stop` closes
    enum Answer: Sendable {
        case status(Int, String)
        case close
    }

    let port: Int
    private let fd: Int32

    var url: String { "http://127.0.0.1:\(port)" }

    init(_ answer: Answer, limit: Int = 8) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
        }
        try #require(bound == 0 && listen(listener, 8) == 0)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        fd = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread {
            for _ in 0..<limit {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
                Self.readRequest(client)
                if case .status(let code, let body) = answer {
                    let text =
                        "HTTP/1.1 \(code) Canned\r\nContent-Type: application/json\r\nContent-Length: "
                        + "\(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
                    _ = Array(text.utf8).withUnsafeBytes { send(client, $0.baseAddress, $0.count, 0) }
                }
                close(client)
            }
        }
    }

    deinit { stop() }

    func stop() {
        shutdown(fd, Int32(SHUT_RDWR))
    }

    /// Reads the headers and a Content-Length body (bounded: 1 MiB).
    private static func readRequest(_ client: Int32) {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while data.count < 1 << 20 {
            let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            data += buffer[0..<count]
            let text = String(decoding: data, as: UTF8.self)
            guard let end = text.range(of: "\r\n\r\n") else { continue }
            let headers = text[..<end.lowerBound].lowercased()
            let length =
                headers.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            if text.utf8.distance(from: text.utf8.startIndex, to: end.upperBound) + length <= data.count { return }
        }
    }
}
