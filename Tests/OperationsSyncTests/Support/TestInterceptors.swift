import Foundation
import HTTPTypes
import OfflineOperations
import OperationsSync

/// Appends its name to `X-Order` and to a recorder.
struct NamedRequestInterceptor: HTTPRequestInterceptor {
    let name: String
    let recorder: Recorder<String>

    func intercept(_ request: inout HTTPExchange.Request) async throws {
        recorder.append("request:\(name)")
        let order = request.head.headerFields["X-Order"].map { $0 + "," + name } ?? name
        request.head.headerFields[HTTPField.Name("X-Order")!] = order
    }
}

/// Appends its name to a recorder and to the response header `X-Seen-By`.
struct NamedResponseInterceptor: HTTPResponseInterceptor {
    let name: String
    let recorder: Recorder<String>

    func intercept(_ response: inout HTTPExchange.Response, for request: HTTPExchange.Request) async throws {
        recorder.append("response:\(name)")
        let seen = response.headerFields["X-Seen-By"].map { $0 + "," + name } ?? name
        response.headerFields[HTTPField.Name("X-Seen-By")!] = seen
    }
}

/// Rejects every request or response whose path contains a marker.
struct RejectingInterceptor: HTTPRequestInterceptor, HTTPResponseInterceptor {
    struct Refusal: Error {}
    let marker: String
    let typed: Bool

    func intercept(_ request: inout HTTPExchange.Request) async throws {
        guard request.url?.path.contains(marker) == true else { return }
        if typed { throw HTTPClientError.rejected("blocked by policy") }
        throw Refusal()
    }

    func intercept(_ response: inout HTTPExchange.Response, for request: HTTPExchange.Request) async throws {
        guard response.statusCode == 418 else { return }
        throw HTTPClientError.rejected("teapot refused")
    }
}

/// Records every raw response it observes.
struct RecordingObserver: HTTPResponseObserver {
    let recorder: Recorder<HTTPExchange.Response>

    func observe(_ response: HTTPExchange.Response, for request: HTTPExchange.Request) {
        recorder.append(response)
    }
}

/// A stand-in for the PowerAuth signer: a header derived from the kind and the body bytes.
struct FakeSigner: RequestSigner {
    let inputs: Recorder<RequestSigningInput>

    func authorization(for input: RequestSigningInput) async throws -> HTTPField {
        inputs.append(input)
        let checksum = input.body.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF_FFFF }
        switch input.kind {
        case .signed(let uriId, let factor):
            return HTTPField(
                name: .powerAuthAuthorization,
                value: "PowerAuth pa_uri=\"\(uriId)\", pa_signature_type=\"\(factor.rawValue)\", sum=\"\(checksum)\"")
        case .tokenSigned(let tokenName):
            return HTTPField(name: .powerAuthToken, value: "PowerAuth token=\"\(tokenName)\"")
        case .basic:
            throw HTTPClientError(.signingFailed, "basic endpoints are not signed")
        }
    }
}

/// A signer that always fails with its own error type.
struct FailingSigner: RequestSigner {
    struct KeyLocked: Error {}

    func authorization(for input: RequestSigningInput) async throws -> HTTPField {
        throw KeyLocked()
    }
}
