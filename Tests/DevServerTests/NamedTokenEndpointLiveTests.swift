import Foundation
import HTTPTypes
import OperationsSync
import PowerAuth
import Testing

extension EncryptedEndpointLiveTests {
    @Test(
        "a token-signed endpoint signs with its named token; a missing or refused named token is not provisioned",
        arguments: Endpoint.Encryption.allCases)
    func namedTokens(scope: Endpoint.Encryption) async throws {
        let setup = try await Setup(version: .v33)
        defer { Task { await setup.stop() } }
        let enrollment = EnrollmentClient(httpClient: setup.http)
        let path = scope == .applicationScope ? "/custom/echo/application" : "/custom/echo/activation"
        func endpoint(_ name: String) -> Endpoint {
            Endpoint(.post, path, kind: .tokenSigned(tokenName: name), encryption: scope)
        }
        func tokenIds(_ since: Int) -> [String] {
            setup.observer.raw.dropFirst(since).filter { $0.path == path }.compactMap {
                $0.requestHeaders[values: .powerAuthToken].first.flatMap { try? TokenHeader(parsing: $0).tokenId }
            }
        }
        let universal = try #require(try setup.store.load().token)
        let payments = try await enrollment.createToken(setup.store, named: "payments")
        let chat = try await enrollment.createToken(setup.store, named: "chat")
        #expect(Set([universal.id, payments.id, chat.id]).count == 3)
        #expect(try setup.store.load().token == universal, "named tokens leave possession_universal alone")

        let greeting = Greeting(message: "named", count: 1)
        var seen = setup.observer.raw.count
        for (name, token) in [("payments", payments), ("chat", chat), ("possession_universal", universal)] {
            let answer = try await setup.client.send(endpoint(name), requestObject: greeting, expecting: Greeting.self)
            #expect(answer == greeting)
            #expect(tokenIds(seen) == [token.id], "\(name) signs with its own token")
            seen = setup.observer.raw.count
        }

        #expect(try await enrollment.removeToken(setup.store, named: "chat") == chat.id)
        #expect(try setup.store.load().tokensByName.map(\.name) == ["payments", "possession_universal"])
        let still = try await setup.client.send(endpoint("payments"), requestObject: greeting, expecting: Greeting.self)
        #expect(still == greeting)

        // A missing named token: refused before anything is sent, and no token is made for it.
        seen = setup.observer.raw.count
        do {
            _ = try await setup.client.send(endpoint("chat"), requestObject: greeting, expecting: Greeting.self)
            Issue.record("a removed token signed")
        } catch {
            #expect(error.code == .missingActivation)
            #expect(error.reason.contains("chat"))
        }
        #expect(setup.observer.raw.count == seen)
        #expect(try setup.store.load().token(named: "chat") == nil)

        // The removed token put back: the server refuses it once, with no replacement and no retry.
        try DeviceTransactions(store: setup.store).storeToken(
            chat, named: "chat", activationId: try setup.store.load().activationId)
        do {
            _ = try await setup.client.send(endpoint("chat"), requestObject: greeting, expecting: Greeting.self)
            Issue.record("a removed token was accepted")
        } catch {
            #expect(error.code == .authenticationFailed)
        }
        #expect(tokenIds(seen) == [chat.id])
        let after = try setup.store.load()
        #expect(after.token == universal && after.token(named: "payments") == payments)
    }
}
