import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

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
                return HTTPClientError(.network, "cannot connect to \(server): \(Self.describe(first.error))")
            }
            if error.dnsAError != nil || error.dnsAAAAError != nil {
                return HTTPClientError(.network, "cannot resolve \(error.host)")
            }
            return HTTPClientError(.network, "cannot connect to \(server)")
        case let error as NIOSSLExtraError where error == .failedToValidateHostname:
            return HTTPClientError(.tls, "certificate of \(server) does not match the host name")
        case let error as NIOSSLError:
            return HTTPClientError(.tls, "TLS with \(server) failed: \(Self.describe(error))")
        case let error as NIOSSLExtraError:
            return HTTPClientError(.tls, "TLS with \(server) failed: \(error)")
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

    private static func describe(_ error: any Error) -> String {
        let text = String(describing: error).replacingOccurrences(of: "\n", with: " ")
        return text.count > 300 ? String(text.prefix(300)) + "…" : text
    }
}
