/// The advice the client errors give for a server certificate that is not trusted: name the private CA.
enum UntrustedServerHint {
    /// `reason`, with the advice appended when it is a TLS failure over an untrusted certificate.
    static func message(_ reason: String, tls: Bool) -> String {
        guard tls && reason.contains("not trusted") else { return reason }
        return "\(reason); give the server's CA with --ca FILE (or --insecure for a test server)"
    }
}
