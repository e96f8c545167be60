import Foundation
import MobileTokenAPI
import OperationsSync

// Usage: custom-endpoint BASE_URL DEVICE.json CA.pem MESSAGE   (password in $QRAUTH_PASSWORD)
// Calls POST /custom/echo with a PowerAuth signature (uriId /custom/echo, possession_knowledge) and prints
// what the server echoed back after verifying the signature.

/// What we send and what `qrauth serve` echoes back.
struct Greeting: Codable, Sendable {
    let message: String
    let sentAt: String
}

let arguments = CommandLine.arguments
guard arguments.count == 5, let baseURL = URL(string: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: custom-endpoint BASE_URL DEVICE.json CA.pem MESSAGE\n".utf8))
    exit(64)
}
guard let password = ProcessInfo.processInfo.environment["QRAUTH_PASSWORD"] else {
    FileHandle.standardError.write(Data("set QRAUTH_PASSWORD to the activation password\n".utf8))
    exit(64)
}

var configuration = HTTPClientConfiguration(baseURL: baseURL)
configuration.tls = .customCA(pemBundle: try String(contentsOfFile: arguments[3], encoding: .utf8))
configuration.signer = PowerAuthRequestSigner(activationPath: arguments[2])
let http = NIOHTTPClient(configuration: configuration, logger: nil)
let client = MobileTokenClient(httpClient: http)

let echo = Endpoint(.post, "/custom/echo", kind: .signed(uriId: "/custom/echo", factor: .possessionKnowledge))
do {
    let answer = try await client.send(
        echo, requestObject: Greeting(message: arguments[4], sentAt: OperationTimestamp.format(Date())),
        expecting: Greeting.self, authentication: .password(password))
    print("server verified the signature and echoed: \(answer.message) (sent \(answer.sentAt))")
    await http.shutdown()
} catch {
    FileHandle.standardError.write(Data("custom-endpoint: \(error)\n".utf8))
    await http.shutdown()
    exit(error.code == .authenticationFailed ? 1 : 5)
}
