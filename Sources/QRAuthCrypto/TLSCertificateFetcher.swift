internal import COpenSSL
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Fetches the certificate chain a TLS server presents, the way `openssl s_client -showcerts` does.
///
/// Blocking; sends SNI; does **not** verify the chain or the host name (this is for reading what a
/// server serves so it can be pinned, never for trusting it).
public enum TLSCertificateFetcher {
    /// Connects to `host:port`, completes a TLS handshake and returns the peer chain, leaf first.
    ///
    /// `serverName` is the SNI name; nil uses `host` unless it is an IP address literal.
    /// `timeoutSeconds` bounds the connect and every read and write of the handshake.
    public static func fetchChain(
        host: String, port: Int, serverName: String?, timeoutSeconds: Int
    ) throws(CryptoError) -> [X509Certificate] {
        guard !host.isEmpty, !host.contains("\0") else { throw CryptoError(.invalidParameter, "the host is empty") }
        guard (1...65535).contains(port) else {
            throw CryptoError(.invalidParameter, "the port \(port) is not between 1 and 65535")
        }
        let timeout = max(1, timeoutSeconds)
        let socket = try Connection.open(host: host, port: port, timeoutSeconds: timeout)
        defer { close(socket) }
        let sni = serverName ?? (Connection.isIPAddress(host) ? nil : host)
        return try handshake(socket: socket, serverName: sni, description: "\(host):\(port)")
    }

    private static func handshake(
        socket: Int32, serverName: String?, description: String
    ) throws(CryptoError) -> [X509Certificate] {
        ERR_clear_error()
        guard let context = SSL_CTX_new(TLS_client_method()) else {
            throw CryptoError(.openSSLFailure, "cannot create a TLS context: \(X509Certificate.Handle.openSSLReason())")
        }
        defer { SSL_CTX_free(context) }
        SSL_CTX_set_verify(context, SSL_VERIFY_NONE, nil)
        guard let ssl = SSL_new(context) else {
            throw CryptoError(.openSSLFailure, "cannot create a TLS session: \(X509Certificate.Handle.openSSLReason())")
        }
        defer { SSL_free(ssl) }
        if let serverName, !serverName.isEmpty {
            let status = serverName.withCString { name in
                SSL_ctrl(
                    ssl, SSL_CTRL_SET_TLSEXT_HOSTNAME, Int(TLSEXT_NAMETYPE_host_name),
                    UnsafeMutableRawPointer(mutating: name))
            }
            guard status == 1 else {
                throw CryptoError(.invalidParameter, "the server name \(serverName) cannot be sent as SNI")
            }
        }
        guard SSL_set_fd(ssl, socket) == 1 else {
            throw CryptoError(.openSSLFailure, "cannot attach the socket: \(X509Certificate.Handle.openSSLReason())")
        }
        guard SSL_connect(ssl) == 1 else {
            let reason = X509Certificate.Handle.openSSLReason()
            throw CryptoError(.network, "TLS handshake with \(description) failed: \(reason)")
        }
        defer { SSL_shutdown(ssl) }
        guard let chain = SSL_get_peer_cert_chain(ssl) else {
            throw CryptoError(.openSSLFailure, "\(description) presented no certificate")
        }
        let stack = chain
        var certificates: [X509Certificate] = []
        for index in 0..<max(0, OPENSSL_sk_num(stack)) {
            guard let element = OPENSSL_sk_value(stack, index) else { continue }
            let x509 = OpaquePointer(element)
            // The stack keeps its reference; take our own for the handle to release.
            guard X509_up_ref(x509) == 1 else { continue }
            let handle = X509Certificate.Handle(adopting: x509)
            certificates.append(try handle.certificate())
        }
        guard !certificates.isEmpty else {
            throw CryptoError(.openSSLFailure, "\(description) presented no certificate")
        }
        return certificates
    }
}
