import NIOConcurrencyHelpers
import OperationsSync

/// A sleeper that records each requested delay and returns at once (or throws when the task is cancelled).
final class FakeSleeper: PollingSleeper {
    private let box = NIOLockedValueBox<[Duration]>([])

    var delays: [Duration] { box.withLockedValue { $0 } }

    func sleep(for duration: Duration) async throws {
        box.withLockedValue { $0.append(duration) }
        try Task.checkCancellation()
        await Task.yield()
    }
}
