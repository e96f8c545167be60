import Foundation
import HTTPTypes
import OfflineOperations
import OperationsSync
import PowerAuth
import Testing

/// The storage a command holds for its whole run (`ActivationFile.withLockHeld`): the file is read once and
/// written once per change, and a signature made with the call's authentication is saved before it is returned.
@Suite("A device file opened once per command", .timeLimit(.minutes(2)))
struct DeviceStoreOnceTests {
    @Test("a lock-held storage reads the file once; saves reach the file and later loads")
    func readOnceWriteThrough() async throws {
        let pair = try ActivationFactory.create(password: "1234", biometry: false)
        let (directory, path) = try SignerStateTests.temporaryFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        try ActivationFile.write(pair.device, to: path)
        let input = RequestSigningInput(
            method: .post, url: URL(string: "https://bank.test/operation/authorize")!, body: SignerStateTests.body,
            kind: .signed(uriId: "/operation/authorize", factor: .possessionKnowledge),
            signing: SigningContext(authentication: .password("1234")))

        try await ActivationFile<DeviceActivation>(path: path).withLockHeld { store in
            let first = try store.load()
            // Out of band (no lock; a test only): the file is no longer an activation. A storage that read the file
            // again would fail here.
            let original = try Data(contentsOf: URL(fileURLWithPath: path))
            try Data("not an activation".utf8).write(to: URL(fileURLWithPath: path))
            #expect(try store.load() == first)
            try original.write(to: URL(fileURLWithPath: path))

            // One signature: one counter step, saved to the file before the header is returned.
            _ = try await PowerAuthRequestSigner(store: store).authorization(for: input)
            let saved = try ActivationFile<DeviceActivation>.read(path)
            #expect(saved.counter == first.counter + 1)
            #expect(try store.load() == saved)
        }
    }

    @Test("a signed call without the password given to it is refused: the signer has no other source")
    func passwordComesFromTheCall() async throws {
        let pair = try ActivationFactory.create(password: "1234", biometry: false)
        let store = InMemoryActivationStore(pair.device)
        let kind = Endpoint.Kind.signed(uriId: "/operation/authorize", factor: .possessionKnowledge)
        let url = URL(string: "https://bank.test/operation/authorize")!
        let signer = PowerAuthRequestSigner(store: store)
        let context = SigningContext(authentication: .possession)
        await #expect(throws: MobileTokenError.self) {
            try await signer.authorization(
                for: RequestSigningInput(
                    method: .post, url: url, body: SignerStateTests.body, kind: kind, signing: context))
        }
        #expect(context.failure?.code == .factorNotAllowed)
        #expect(store.activation?.counter == pair.device.counter)
        _ = try await signer.authorization(
            for: RequestSigningInput(
                method: .post, url: url, body: SignerStateTests.body, kind: kind,
                signing: SigningContext(authentication: .password("1234"))))
        #expect(store.activation?.counter == pair.device.counter + 1)
    }
}
