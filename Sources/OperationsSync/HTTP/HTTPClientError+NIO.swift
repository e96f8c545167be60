import FoundationEssentials
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import QRAuthEncoding

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension HTTPClientError {
    /// Maps an error of NIO, NIOSSL or the HTTP codec to the client's error, naming the server.
    static func from(_ error: any Error, server: String) -> HTTPClientError {
        switch error {
        case let error as HTTPClientError:
            return error
        case let failure as ConnectionFailure:
            return failure.error
        case let denial as PinningDenial:
            return HTTPClientError(.pinningDenied, "certificate of \(server) denied: \(denial.reason)")
        case is CancellationError:
            return HTTPClientError(.cancelled, "request to \(server) cancelled")
        case ChannelError.connectTimeout(let amount):
            return HTTPClientError(.timeout, "connecting to \(server) timed out after \(Self.seconds(amount)) s")
        case let error as NIOConnectionError:
            let timedOut = error.connectionErrors.contains {
                if case ChannelError.connectTimeout? = $0.error as? ChannelError { return true }
                return false
            }
            if timedOut {
                return HTTPClientError(.timeout, "connecting to \(server) timed out")
            }
            if let first = error.connectionErrors.first {
                return HTTPClientError(
                    .network, "cannot connect to \(Self.hostAndPort(server)): \(Self.describe(first.error))")
            }
            if error.dnsAError != nil || error.dnsAAAAError != nil {
                return HTTPClientError(.network, "cannot resolve \(error.host)")
            }
            return HTTPClientError(.network, "cannot connect to \(server)")
        case let error as NIOSSLExtraError where error == .failedToValidateHostname:
            return HTTPClientError(.tls, "certificate of \(server) does not match the host name")
        case let error as NIOSSLError:
            return HTTPClientError(.tls, "TLS with \(server) failed: \(Self.describeTLS(error))")
        case let error as NIOSSLExtraError:
            return HTTPClientError(.tls, "TLS with \(server) failed: \(Self.describeTLS(error))")
        case let error as HTTPParserError:
            return HTTPClientError(.invalidResponse, "\(server) sent an invalid HTTP response (\(error))")
        case let error as NIOHTTPDecoderError where error == .unsolicitedResponse:
            return HTTPClientError(.invalidResponse, "\(server) sent a response that was not asked for")
        case let error as IOError:
            return HTTPClientError(.network, "connection to \(server) failed: \(Self.describe(error))")
        case ChannelError.ioOnClosedChannel, ChannelError.alreadyClosed, ChannelError.eof:
            return HTTPClientError(.network, "connection to \(server) closed")
        default:
            return HTTPClientError(.network, "connection to \(server) failed: \(Self.describe(error))")
        }
    }

    static func seconds(_ amount: TimeAmount) -> String {
        let milliseconds = amount.nanoseconds / 1_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)" : "\(Double(milliseconds) / 1000)"
    }

    static func seconds(_ duration: Duration) -> String {
        seconds(TimeAmount(duration))
    }

    /// One short phrase for a transport error: the OS reason for an errno (`connection refused`), else the
    /// error's own text on one line, capped.
    private static func describe(_ error: any Error) -> String {
        if let error = error as? IOError {
            return String(cString: strerror(error.errnoCode)).lowercasedFirst
        }
        let text = String(describing: error).replacingEvery("\n", with: " ")
        return text.count > 300 ? String(text.prefix(300)) + "…" : text
    }

    /// `127.0.0.1:8443` from `https://127.0.0.1:8443`.
    private static func hostAndPort(_ server: String) -> String {
        guard let range = server.firstRange(of: "://") else { return server }
        return String(server[range.upperBound...])
    }

    /// A TLS failure in words, without BoringSSL's error numbers or source paths: the reason names of its error
    /// queue (`CERTIFICATE_VERIFY_FAILED` → `the certificate is not trusted (certificate verify failed)`).
    static func describeTLS(_ error: any Error) -> String {
        let text = String(describing: error)
        // BoringSSL entries read `error:1000007d:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED at /path:320`.
        var reasons: [String] = []
        for entry in text.components(separatedBy: "error:").dropFirst() {
            let head = entry.components(separatedBy: " at ").first ?? entry
            guard let reason = head.split(separator: ":").last.map(String.init),
                reason.allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "_" }), !reason.isEmpty
            else { continue }
            let words = reason.lowercased().replacingEvery("_", with: " ")
            if !reasons.contains(words) { reasons.append(words) }
        }
        if reasons.contains("certificate verify failed") {
            return "the server's certificate is not trusted (certificate verify failed)"
        }
        if !reasons.isEmpty { return reasons.joined(separator: "; ") }
        // No queue: NIOSSL's own case name, still without any path.
        let oneLine = text.replacingEvery("\n", with: " ")
        let withoutPaths = oneLine.replacing(#/ at \/[^\s\])]*/#, with: "")
        return withoutPaths.count > 200 ? String(withoutPaths.prefix(200)) + "…" : withoutPaths
    }
}

extension String {
    /// The string with its first character lowercased (`Connection refused` → `connection refused`).
    fileprivate var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
