import Foundation
import OperationsSync
import QRAuthCrypto
import Testing

@Suite("TLSCertificateFetcher: the chain a server presents, read and not trusted", .timeLimit(.minutes(1)))
struct TLSCertificateFetcherTests {
    @Test("reads the leaf of a server whose CA is not trusted, by IP address (no SNI) and with a server name")
    func readsTheChainWithoutTrustingIt() async throws {
        let server = try await TestServer.start(tls: true) { _ in .text("unused") }
        let port = server.port
        let byAddress = try await Task.detached {
            try TLSCertificateFetcher.fetchChain(host: "127.0.0.1", port: port, serverName: nil, timeoutSeconds: 5)
        }.value
        let byName = try await Task.detached {
            try TLSCertificateFetcher.fetchChain(
                host: "127.0.0.1", port: port, serverName: "other.example", timeoutSeconds: 5)
        }.value
        await server.stop()
        #expect(byAddress.first?.derRepresentation == Data(try TestCertificates.leafDER()))
        #expect(byName.first?.derRepresentation == byAddress.first?.derRepresentation)
    }

    @Test("a closed port is a network error; a bad port or host is refused before connecting")
    func failures() async throws {
        let error = await #expect(throws: HTTPClientError.self) {
            try await Task.detached {
                try TLSCertificateFetcher.fetchChain(host: "127.0.0.1", port: 1, serverName: nil, timeoutSeconds: 2)
            }.value
        }
        #expect(error?.code == .network)
        #expect(throws: HTTPClientError(.invalidURL, "")) {
            try TLSCertificateFetcher.fetchChain(host: "127.0.0.1", port: 0, serverName: nil, timeoutSeconds: 2)
        }
        #expect(throws: HTTPClientError(.invalidURL, "")) {
            try TLSCertificateFetcher.fetchChain(host: "", port: 443, serverName: nil, timeoutSeconds: 2)
        }
    }
}
