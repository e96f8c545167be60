import MobileTokenAPI
import NIOConcurrencyHelpers

/// One in-flight list request shared by every caller; cancelled when its last waiter is cancelled.
final class SharedFetch: Sendable {
    private let task: Task<[UserOperation], any Error>
    // Lock-protected waiter count, read from cancellation handlers (which cannot hop to an actor).
    private let waiters = NIOLockedValueBox(0)

    init(_ task: Task<[UserOperation], any Error>) {
        self.task = task
    }

    /// Waits for the shared answer.
    func value() async throws(MobileTokenError) -> [UserOperation] {
        waiters.withLockedValue { $0 += 1 }
        defer { waiters.withLockedValue { $0 -= 1 } }
        do {
            return try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                if waiters.withLockedValue({ $0 }) <= 1 { task.cancel() }
            }
        } catch let error as MobileTokenError {
            throw error
        } catch {
            throw MobileTokenError(.cancelled, "the list request was cancelled")
        }
    }
}
