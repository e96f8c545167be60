import FingerprintLists
import OperationsSync

/// A `HOST[:PORT]` or `[IPv6]:PORT` argument.
struct HostAddress {
    let host: String
    let port: Int

    init(_ text: String) throws {
        var host = Substring(text)
        var port = 443
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { throw CLIError(.usage, "\(text): missing ']'") }
            let rest = host[host.index(after: close)...]
            host = host[host.index(after: host.startIndex)..<close]
            if !rest.isEmpty {
                guard rest.hasPrefix(":"), let value = Int(rest.dropFirst()) else {
                    throw CLIError(.usage, "\(text): expected [IPv6]:PORT")
                }
                port = value
            }
        } else if let colon = host.lastIndex(of: ":") {
            guard let value = Int(host[host.index(after: colon)...]) else {
                throw CLIError(.usage, "\(text): the port is not a number")
            }
            port = value
            host = host[..<colon]
        }
        guard !host.isEmpty, (1...65535).contains(port) else {
            throw CLIError(.usage, "\(text): expected HOST:PORT with a port from 1 to 65535")
        }
        self.host = String(host)
        self.port = port
    }

    func fetch(serverName: String?, timeout: Int) throws -> CertificateChain {
        StandardStreams.verbose("fetching the certificate chain of \(host):\(port) (TLS, no trust check)")
        return try CertificateChain(
            TLSCertificateFetcher.fetchChain(host: host, port: port, serverName: serverName, timeoutSeconds: timeout))
    }
}
