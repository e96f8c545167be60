/// The server's leaf certificate as a peer certificate evaluator sees it.
public struct PeerCertificate: Sendable, Hashable {
    /// The leaf certificate, DER.
    public let derRepresentation: [UInt8]
    /// The host the client connected to (a name or an IP address literal).
    public let host: String

    /// Makes a peer certificate.
    public init(derRepresentation: [UInt8], host: String) {
        self.derRepresentation = derRepresentation
        self.host = host
    }
}
