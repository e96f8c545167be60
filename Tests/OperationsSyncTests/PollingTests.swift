import Foundation
import MobileTokenAPI
import NIOConcurrencyHelpers
import OfflineOperations
import OperationsSync
import Testing

@Suite("Polling: diffs, interval clamp, back-off with jitter, coalescing, cancellation", .timeLimit(.minutes(1)))
struct PollingTests {
    static func operation(_ id: String, title: String = "t") -> UserOperation {
        UserOperation(id: id, data: "A1", formData: OperationFormData(title: title, message: "m"))
    }

    /// Answers scripted lists (or errors) in order, counting calls.
    final class Script: Sendable {
        private let box: NIOLockedValueBox<[Result<[UserOperation], MobileTokenError>]>
        private let callsBox = NIOLockedValueBox(0)
        init(_ steps: [Result<[UserOperation], MobileTokenError>]) { box = NIOLockedValueBox(steps) }
        var calls: Int { callsBox.withLockedValue { $0 } }
        func next() throws(MobileTokenError) -> [UserOperation] {
            callsBox.withLockedValue { $0 += 1 }
            let step = box.withLockedValue { $0.isEmpty ? .success([]) : $0.removeFirst() }
            return try step.get()
        }
    }

    @Test("snapshots report added, removed and changed; order kept and new ones appended")
    func diffs() async throws {
        let script = Script([
            .success([Self.operation("a"), Self.operation("b")]),
            .success([Self.operation("c"), Self.operation("b", title: "new"), Self.operation("d")]),
        ])
        let sleeper = FakeSleeper()
        let polling = OperationsPolling(configuration: PollingConfiguration(sleeper: sleeper)) {
            () throws(MobileTokenError) in
            try script.next()
        }
        var iterator = polling.makeAsyncIterator()
        guard case .snapshot(let first) = await iterator.next(), case .snapshot(let second) = await iterator.next()
        else {
            Issue.record("expected two snapshots")
            return
        }
        #expect(first.added.map(\.id) == ["a", "b"])
        #expect(second.operations.map(\.id) == ["b", "c", "d"])
        #expect(second.added.map(\.id) == ["c", "d"])
        #expect(second.removed.map(\.id) == ["a"])
        #expect(second.changed.map(\.formData.title) == ["new"])
        #expect(sleeper.delays == [.seconds(7)])
    }

    @Test("interval below 5 s is clamped; delayStart waits one interval first", arguments: [1, 4, 5, 9])
    func clamp(seconds: Int) async {
        let sleeper = FakeSleeper()
        let configuration = PollingConfiguration(interval: .seconds(seconds), delayStart: true, sleeper: sleeper)
        #expect(configuration.interval == .seconds(max(seconds, 5)))
        #expect(configuration.wasClamped == (seconds < 5))
        var iterator = OperationsPolling(configuration: configuration) { () throws(MobileTokenError) in [] }
            .makeAsyncIterator()
        _ = await iterator.next()
        #expect(sleeper.delays == [.seconds(max(seconds, 5))])
    }

    @Test("failures back off exponentially with seeded jitter, capped, and reset after a success")
    func backoff() async {
        let failure = MobileTokenError(.network, "down")
        let script = Script([.failure(failure), .failure(failure), .failure(failure), .failure(failure), .success([])])
        func run(seed: UInt64) async -> ([Duration], [Duration]) {
            let sleeper = FakeSleeper()
            let polling = OperationsPolling(
                configuration: PollingConfiguration(maxBackoff: .seconds(20), jitterSeed: seed, sleeper: sleeper)
            ) { () throws(MobileTokenError) in try script.next() }
            var iterator = polling.makeAsyncIterator()
            var retries: [Duration] = []
            for _ in 0..<6 {
                if case .failure(_, let retry) = await iterator.next() { retries.append(retry) }
            }
            return (retries, sleeper.delays)
        }
        let (retries, delays) = await run(seed: 7)
        #expect(retries.count == 4)
        let caps: [Duration] = [.seconds(7), .seconds(14), .seconds(20), .seconds(20)]
        for (retry, cap) in zip(retries, caps) {
            #expect(retry >= cap / 2 && retry <= cap)
        }
        #expect(Array(delays.prefix(4)) == retries)
        #expect(delays.last == .seconds(7))
        let again = Script([.failure(failure), .failure(failure)])
        let polling = OperationsPolling(
            configuration: PollingConfiguration(jitterSeed: 7, sleeper: FakeSleeper())
        ) { () throws(MobileTokenError) in try again.next() }
        var iterator = polling.makeAsyncIterator()
        guard case .failure(_, let firstAgain) = await iterator.next() else { return }
        #expect(firstAgain == retries[0])
    }

    @Test("cancelling the consuming task ends the sequence")
    func cancellation() async {
        let script = Script([])
        let polling = OperationsPolling(configuration: PollingConfiguration()) { () throws(MobileTokenError) in
            try script.next()
        }
        let task = Task {
            var count = 0
            for await _ in polling { count += 1 }
            return count
        }
        try? await Task.sleep(for: .milliseconds(50))
        task.cancel()
        let count = await task.value
        #expect(count <= 1)
    }

    @Test("concurrent operations() calls share one list request")
    func coalescing() async throws {
        let setup = try MobileTokenClientTests.setup(jitterMicros: 50_000)
        await setup.server.add(id: "op-1")
        let results = try await withThrowingTaskGroup(of: [UserOperation].self) { group in
            for _ in 0..<8 { group.addTask { try await setup.client.operations() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0.map(\.id) == ["op-1"] })
        let requests = await setup.server.exchanges.count
        #expect(requests < 8)
        #expect(requests >= 1)
    }
}
