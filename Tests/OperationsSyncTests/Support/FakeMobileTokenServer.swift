import Foundation
import HTTPTypes
import OperationsSync
import PowerAuth

/// A Mobile Token API server behind the `HTTPClient` protocol: it signs requests with the configured signer,
/// as the real client does, then checks token and signature headers with the PowerAuth server side and answers
/// with the real envelopes. An actor, reentrant at its awaits, so concurrent requests interleave.
actor FakeMobileTokenServer: HTTPClient {
    struct Exchange: Sendable {
        let path: String
        let body: Data
        let headers: HTTPFields
        let status: Int
        let matchedIteration: Int?
    }

    let signer: (any RequestSigner)?
    let logic: MobileTokenServerLogic
    var exchanges: [Exchange] = []
    /// Random delay after signing (to let concurrent requests overtake each other), in microseconds.
    let jitterMicros: Int
    /// When true, the first signed request waits after signing until another signed request has been handled: one
    /// overtaking for certain, however fast signing is (a random delay shorter than one signature never reorders).
    let holdsFirstSignedRequest: Bool
    private var heldRequest: CheckedContinuation<Void, Never>?
    private var heldOne = false
    private var handledSigned = 0

    init(
        activation: ServerActivation, signer: (any RequestSigner)?, jitterMicros: Int = 0,
        holdsFirstSignedRequest: Bool = false, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.logic = MobileTokenServerLogic(activation: activation, now: now)
        self.signer = signer
        self.jitterMicros = jitterMicros
        self.holdsFirstSignedRequest = holdsFirstSignedRequest
    }

    var activation: ServerActivation { logic.state.activation }
    var failures: [String: Int] { logic.state.failures }

    func add(id: String, data: String = "A1*A100CZK", variants: [String] = ["possession_knowledge"]) {
        logic.add(id: id, data: data, variants: variants)
    }

    func pendingIds() -> [String] { logic.state.order }

    func send(_ request: HTTPExchange.Request) async throws(HTTPClientError) -> HTTPExchange.Response {
        guard !request.isAbsolute, let path = request.head.path else {
            throw HTTPClientError(.invalidRequest, "fake server: unexpected request")
        }
        let body = request.body
        let url = URL(string: "https://fake.test" + path)!
        var headers = request.head.headerFields
        var signature: HTTPField?
        if case .basic = request.kind {
        } else {
            guard let signer else { throw HTTPClientError(.signingFailed, "no signer") }
            let header: HTTPField
            do {
                header = try await signer.authorization(
                    for: RequestSigningInput(
                        method: request.head.method, url: url, body: body, kind: request.kind,
                        signing: request.signing))
            } catch let error as HTTPClientError {
                throw error
            } catch {
                throw HTTPClientError(.signingFailed, "signing failed: \(error)")
            }
            headers[fields: header.name] = [header]
            signature = header
        }
        if jitterMicros > 0 { try? await Task.sleep(for: .microseconds(Int.random(in: 0...jitterMicros))) }
        // Held only while nothing signed was handled yet: otherwise one has already overtaken it.
        if holdsFirstSignedRequest, signature != nil, !heldOne, handledSigned == 0 {
            heldOne = true
            await withCheckedContinuation { heldRequest = $0 }
        }
        let (status, answer, iteration) = logic.handle(path: path, body: body, headers: headers)
        if signature != nil { handledSigned += 1 }
        if signature != nil, let held = heldRequest {
            heldRequest = nil
            held.resume()
        }
        if let signature { await signer?.requestFinished(signature, statusCode: status) }
        exchanges.append(
            Exchange(path: path, body: body, headers: headers, status: status, matchedIteration: iteration))
        return HTTPExchange.Response(url: url, statusCode: status, body: answer)
    }

}
