import Foundation
import HTTPTypes
import OfflineOperations
import OperationsSync
import PowerAuth
import QRAuthTestSupport
import Synchronization
import Testing

/// The signer over a device file: parallel signers never share a counter; answers the server accepted confirm it.
@Suite("PowerAuthRequestSigner and the device file", .timeLimit(.minutes(2)))
struct SignerStateTests {
    static let body = Data(#"{"requestObject":{}}"#.utf8)

    static func temporaryFile() throws -> (directory: URL, path: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("qrauth-signer-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return (directory, directory.appendingPathComponent("device.json").path)
    }

    @Test("parallel signers on one device file never reuse a counter")
    func parallelSignersOnOneFile() async throws {
        let pair = try ActivationFactory.create(password: "1234", biometry: false)
        let (directory, path) = try Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        try ActivationFile.write(pair.device, to: path)
        let runs = 12
        let input = RequestSigningInput(
            method: .post, url: URL(string: "https://bank.test/operation/history")!, body: Self.body,
            kind: .signed(uriId: "/operation/history", factor: .possessionKnowledge),
            signing: SigningContext(authentication: .password("1234")))
        // One signer per task, as separate processes would have: only the file lock serialises them.
        let headers = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<runs {
                group.addTask {
                    try await PowerAuthRequestSigner(activationPath: path)
                        .authorization(for: input).value
                }
            }
            var values: [String] = []
            for try await value in group { values.append(value) }
            return values
        }
        var iterations: Set<Int> = []
        for value in headers {
            var server = pair.server
            let result = try server.verifySignature(
                AuthorizationHeader(parsing: value), uriId: "/operation/history", body: Self.body)
            #expect(result.isValid)
            iterations.insert(try #require(result.matchedIteration))
        }
        #expect(iterations == Set(0..<runs))
        #expect(try ActivationFile<DeviceActivation>.read(path).counter == UInt64(runs))
    }

    @Test("signatures the server accepted confirm the counter: no lock-out warning after many online calls")
    func acceptedSignaturesConfirmTheCounter() async throws {
        let pair = try ActivationFactory.create(password: "1234", biometry: false)
        let (directory, path) = try Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        try ActivationFile.write(pair.device, to: path)
        let signer = PowerAuthRequestSigner(activationPath: path)
        let server = FakeMobileTokenServer(activation: pair.server, signer: signer)
        let client = MobileTokenClient(httpClient: server, configuration: MobileTokenConfiguration())
        for _ in 0..<25 { _ = try await client.history(authentication: .password("1234")) }
        let device = try ActivationFile<DeviceActivation>.read(path)
        #expect(device.counter == 25)
        #expect(device.unconfirmedSignatures == 0)
        #expect(device.lookAheadWarning == nil)
    }

    @Test("rejected signatures stay unconfirmed")
    func rejectedSignaturesStayUnconfirmed() async throws {
        let pair = try ActivationFactory.create(password: "1234", biometry: false)
        let store = InMemoryActivationStore(pair.device)
        let server = FakeMobileTokenServer(activation: pair.server, signer: PowerAuthRequestSigner(store: store))
        let client = MobileTokenClient(httpClient: server, configuration: MobileTokenConfiguration())
        _ = try await client.history(authentication: .password("1234"))
        await #expect(throws: MobileTokenError.self) {
            _ = try await client.history(authentication: .password("0000"))
        }
        #expect(try store.load().counter == 2)
        #expect(try store.load().unconfirmedSignatures == 1)
    }

    @Test("the signer's file store keeps parallel threads from reusing a counter")
    func parallelThreadsOnTheSignersFileStore() async throws {
        let pair = try ActivationFactory.create(password: "1234", biometry: false)
        let (directory, path) = try Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        try ActivationFile.write(pair.device, to: path)
        let runs = 8
        let results = Mutex<(counters: [UInt64], failures: [String])>(([], []))
        // Real threads (not the cooperative pool), each with its own store value, as separate processes have.
        await OwnThreads.run(runs) { _ in
            do {
                let signature = try DeviceTransactions(store: ActivationFile<DeviceActivation>(path: path)).sign(
                    method: "POST", uriId: "/operation/history", body: Self.body, type: .possession,
                    password: nil)
                results.withLock { $0.counters.append(signature.counter) }
            } catch {
                results.withLock { $0.failures.append("\(error)") }
            }
        }
        let (counters, failures) = results.withLock { $0 }
        #expect(failures.isEmpty)
        #expect(Set(counters) == Set(0..<UInt64(runs)))
        #expect(try ActivationFile<DeviceActivation>.read(path).counter == UInt64(runs))
    }

    @Test("token headers carry the server-synchronised request time when the signer has the enrollment clock")
    func tokenHeaderOnServerTime() async throws {
        let pair = try ActivationFactory.create(password: "1234", biometry: false)
        let store = InMemoryActivationStore(pair.device)
        let device = Date(timeIntervalSince1970: 1_800_000_000)
        let clock = ServerClock(offsetMillis: 90_000, now: { device })
        let input = RequestSigningInput(
            method: .post, url: try #require(URL(string: "https://bank.example/api/list")), body: Self.body,
            kind: .tokenSigned(tokenName: "possession_universal"))
        let synchronised = try await PowerAuthRequestSigner(store: store, clock: clock).authorization(for: input)
        #expect(try TokenHeader(parsing: synchronised.value).timestamp == "\(1_800_000_000_000 + 90_000 - 1_000)")
        // The clock learns a new offset: the next header follows it.
        clock.learn(
            serverMillis: 1_800_000_000_000 - 5_000, sentMillis: 1_800_000_000_000, receivedMillis: 1_800_000_000_000)
        let later = try await PowerAuthRequestSigner(store: store, clock: clock).authorization(for: input)
        #expect(try TokenHeader(parsing: later.value).timestamp == "\(1_800_000_000_000 - 5_000 - 1_000)")
        // Without a clock: the device time.
        let plain = try await PowerAuthRequestSigner(store: store, now: { device }).authorization(for: input)
        #expect(try TokenHeader(parsing: plain.value).timestamp == "1800000000000")
    }
}
