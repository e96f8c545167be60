import DevServer
import Foundation
import Testing

/// The `--self-signed` identity kept in the state file (issue 31): written with the state, read back equal, and
/// reused only for the host it names and while it has more than a day left.
@Suite("Self-signed identity in the state")
struct SelfSignedIdentityStateTests {
    @Test func theIdentityIsWrittenAndReadBackWithTheState() throws {
        let path = NSTemporaryDirectory() + "qrauth-identity-test-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var state = DevServerState()
        state.selfSignedIdentity = try SelfSignedIdentity.make(host: "127.0.0.1")
        let server = DevServer(state: state, statePath: path, adminEnabled: false)
        try server.flush()
        let restored = try DevServerState.load(statePath: path, activationPaths: [])
        let identity = try #require(restored.selfSignedIdentity)
        #expect(identity == state.selfSignedIdentity)
        #expect(identity.leafPin == state.selfSignedIdentity?.leafPin)
        #expect(identity.privateKeyPEM.contains("PRIVATE KEY"))
        // A state written without one reads back without one.
        let plain = DevServer(state: DevServerState(), statePath: path, adminEnabled: false)
        try plain.flush()
        #expect(try DevServerState.load(statePath: path, activationPaths: []).selfSignedIdentity == nil)
    }

    @Test func itSuitsOnlyItsHostWhileItHasADayLeft() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let identity = try SelfSignedIdentity.make(host: "127.0.0.1", days: 30, now: now)
        #expect(identity.host == "127.0.0.1")
        #expect(identity.suits(host: "127.0.0.1", now: now))
        #expect(!identity.suits(host: "localhost", now: now))
        #expect(identity.suits(host: "127.0.0.1", now: now.addingTimeInterval(28 * 86_400)))
        #expect(!identity.suits(host: "127.0.0.1", now: now.addingTimeInterval(29 * 86_400 + 3_600)))
    }
}
