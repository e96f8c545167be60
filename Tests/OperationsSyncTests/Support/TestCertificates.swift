import Foundation
import NIOSSL

/// The committed test PEMs (see Fixtures/README.md): a CA and a `localhost` leaf signed by it.
enum TestCertificates {
    static func fixture(_ name: String) throws -> String {
        guard let folder = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            throw TestServerError.missingFixture("Fixtures")
        }
        return try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// The CA that signed the leaf, PEM.
    static func caPEM() throws -> String { try fixture("test-ca.pem") }

    /// The leaf certificate as DER, decoded from its PEM.
    static func leafDER() throws -> [UInt8] {
        let base64 = try fixture("localhost.pem").split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        guard let data = Data(base64Encoded: base64) else { throw TestServerError.missingFixture("localhost.pem") }
        return Array(data)
    }

    static func serverContext() throws -> NIOSSLContext {
        let certificate = try NIOSSLCertificate(bytes: Array(try fixture("localhost.pem").utf8), format: .pem)
        let key = try NIOSSLPrivateKey(bytes: Array(try fixture("localhost.key.pem").utf8), format: .pem)
        let configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(certificate)], privateKey: .privateKey(key))
        return try NIOSSLContext(configuration: configuration)
    }
}
