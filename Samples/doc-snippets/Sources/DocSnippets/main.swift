// The snippets are generated from the DocC articles and docs/*.md into Generated/ by scripts/doc-snippets.sh,
// which compiles them all here. This entry point runs the ones that talk to a server, as written, against the
// `qrauth serve` the script starts:
//   doc-snippets sync URL DEVICE CA_FILE PIN LIST_URL PINS_KEY
// docs/sync.md: `mobileToken` for a device activated with a code (approves the first pending operation, rejects
// the second, polls once), then `pin` (the fingerprint list from LIST_URL) and a list over the pinned client.
// Without arguments it does nothing (a build check).
import Foundation
import OperationsSync

let arguments = CommandLine.arguments
if arguments.count == 8, arguments[1] == "sync", let url = URL(string: arguments[2]),
    let listURL = URL(string: arguments[6])
{
    let (device, password, key) = (arguments[3], arguments[5], arguments[7])
    let caPEM = try String(contentsOfFile: arguments[4], encoding: .utf8)
    try await mobileToken(baseURL: url, devicePath: device, caPEM: caPEM, pin: password)

    var trusted = HTTPClientConfiguration(baseURL: url)
    trusted.tls = .customCA(pemBundle: caPEM)
    let plain = NIOHTTPClient(configuration: trusted)
    var pinned = HTTPClientConfiguration(baseURL: url)
    try await pin(&pinned, listURL: listURL, key: key, plainClient: plain, caPEM: caPEM)
    await plain.shutdown()
    pinned.signer = PowerAuthRequestSigner(activationPath: device)
    let http = NIOHTTPClient(configuration: pinned)
    let pending = try await MobileTokenClient(httpClient: http).operations()
    await http.shutdown()
    print("pinned: \(pending.count) pending")
} else if arguments.count > 1 {
    print("usage: doc-snippets sync URL DEVICE CA_FILE PIN LIST_URL PINS_KEY")
    exit(64)
}
