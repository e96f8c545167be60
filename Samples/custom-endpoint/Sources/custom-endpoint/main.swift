import Foundation
import HTTPTypes
import MobileTokenAPI
import OfflineOperations
import OperationsSync
import PowerAuth

// Usage: custom-endpoint [--encrypt application|activation] BASE_URL DEVICE.json CA.pem MESSAGE
//                                                                        (password in $QRAUTH_PASSWORD)
// Without --encrypt: POST /custom/echo with a PowerAuth signature (uriId /custom/echo, possession_knowledge); the
// server verifies it and echoes the request object in the clear.
// --encrypt application: POST /custom/echo/application, the request object encrypted with ECIES in application
//   scope (/pa/generic/application, header X-PowerAuth-Encryption); not signed, no password needed.
// --encrypt activation: POST /custom/echo/activation, encrypted in activation scope (/pa/generic/activation) and
//   signed over the encrypted bytes (uriId /custom/echo/activation, possession_knowledge).
// Protocol 3.3 devices fetch temporary encryption keys from /pa/v3/keystore/create first (the library does it).

/// What we send and what `qrauth serve` echoes back.
struct Greeting: Codable, Sendable {
    let message: String
    let sentAt: String
}

/// Shows what went over the wire for an encrypted call, and what it decrypted to.
final class WireObserver: HTTPResponseObserver {
    func observe(_ response: HTTPExchange.Response, for request: HTTPExchange.Request) {
        guard request.url?.path.hasPrefix("/custom/echo/") == true else { return }
        print("wire request:  \(Self.fields(request.body))")
        print("wire answer:   HTTP \(response.statusCode) \(Self.fields(response.body))")
    }

    func observeDecrypted(_ exchange: DecryptedExchange) {
        print("decrypted:     \(String(decoding: exchange.responsePlaintext, as: UTF8.self))")
    }

    /// The JSON keys of a body and its size; the values are ciphertext.
    static func fields(_ body: Data) -> String {
        let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        return "\(body.count) bytes {\((object?.keys.sorted() ?? []).joined(separator: ", "))}"
    }
}

func fail(_ message: String, _ code: Int32) -> Never {
    FileHandle.standardError.write(Data("\(message)\n".utf8))
    exit(code)
}

let usage = "usage: custom-endpoint [--encrypt application|activation] BASE_URL DEVICE.json CA.pem MESSAGE"
var arguments = Array(CommandLine.arguments.dropFirst())
var encryption: Endpoint.Encryption?
if arguments.first == "--encrypt" {
    guard arguments.count > 1 else { fail(usage, 64) }
    switch arguments[1] {
    case "application": encryption = .applicationScope
    case "activation": encryption = .activationScope
    default: fail(usage, 64)
    }
    arguments.removeFirst(2)
}
guard arguments.count == 4, let baseURL = URL(string: arguments[0]) else { fail(usage, 64) }
let password = ProcessInfo.processInfo.environment["QRAUTH_PASSWORD"]
if password == nil && encryption != .applicationScope {
    fail("set QRAUTH_PASSWORD to the activation password", 64)
}
let caPEM: String
do {
    caPEM = try String(contentsOfFile: arguments[2], encoding: .utf8)
} catch {
    fail("custom-endpoint: cannot read \(arguments[2])", 64)
}

let store = ActivationFile<DeviceActivation>(path: arguments[1])
var configuration = HTTPClientConfiguration(baseURL: baseURL)
configuration.tls = .customCA(pemBundle: caPEM)
configuration.signer = PowerAuthRequestSigner(store: store)
configuration.responseObserver = WireObserver()
let http = NIOHTTPClient(configuration: configuration, logger: nil)
// The encryptor fetches (3.3) temporary keys and keeps the server-synchronised clock through an enrollment client.
let client = MobileTokenClient(
    httpClient: http,
    configuration: MobileTokenConfiguration(
        encryptor: PowerAuthEncryptor(enrollment: EnrollmentClient(httpClient: http), store: store)))

let endpoint: Endpoint =
    switch encryption {
    case nil:
        Endpoint(.post, "/custom/echo", kind: .signed(uriId: "/custom/echo", factor: .possessionKnowledge))
    case .applicationScope:
        Endpoint(.post, "/custom/echo/application", encryption: .applicationScope)
    case .activationScope:
        Endpoint(
            .post, "/custom/echo/activation",
            kind: .signed(uriId: "/custom/echo/activation", factor: .possessionKnowledge), encryption: .activationScope)
    }
do {
    let answer = try await client.send(
        endpoint, requestObject: Greeting(message: arguments[3], sentAt: OperationTimestamp.format(Date())),
        expecting: Greeting.self, authentication: password.map { .password($0) } ?? .possession)
    switch encryption {
    case nil: print("server verified the signature and echoed: \(answer.message) (sent \(answer.sentAt))")
    case .applicationScope: print("server decrypted (application scope) and echoed: \(answer.message)")
    case .activationScope:
        print("server verified the signature, decrypted (activation scope) and echoed: \(answer.message)")
    }
    await http.shutdown()
} catch {
    FileHandle.standardError.write(Data("custom-endpoint: \(error)\n".utf8))
    await http.shutdown()
    exit(error.code == .authenticationFailed || error.code == .responseRejected ? 1 : 5)
}
