import Foundation

/// The bound on the child processes the CLI tests run at once: `max(2, cores)` slots, one per running child.
///
/// Swift Testing starts every test at once, and a test waiting for a child holds no thread, so without a bound
/// every CLI suite's `qrauth` children run together: on a 2-core machine they took both CPUs for minutes, and the
/// library's live-server tests in the same `swift test` missed their time limits (issue 26). A child takes a slot
/// before it starts and gives it back when it has exited (`withSlot`); a long-running server (`serve`,
/// `openssl s_server`) holds one only while it starts up, until it is ready, since it works only when the test's
/// own (bounded) children talk to it and a test holding one slot while it waits for another could deadlock.
///
/// Waiting for a slot suspends the task (a continuation, first come first served): no thread is held. A child's
/// watchdog (`CLIRunner.runProcess(timeout:)`) starts once the child runs, so the queue is never counted as a hang.
actor ChildSlots {
    /// The slots every CLI test shares.
    static let shared = ChildSlots(count: max(2, ProcessInfo.processInfo.activeProcessorCount))

    /// Whether the current task holds a slot: a child started inside `withSlot` (say a script's own `qrauth` run by
    /// a test helper) runs in that slot instead of waiting for a second one.
    @TaskLocal static var isHeld = false

    /// How many children may run at once.
    nonisolated let count: Int
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) {
        precondition(count > 0)
        self.count = count
        free = count
    }

    /// Runs `body` (which starts a child and waits for it, or for a server to be ready) holding one of the shared
    /// slots, after waiting, suspended, for one to be free.
    static func withSlot<T>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
    ) async throws -> T {
        if isHeld { return try await body() }
        await shared.acquire()
        do {
            let value = try await $isHeld.withValue(true) { try await body() }
            await shared.release()
            return value
        } catch {
            await shared.release()
            throw error
        }
    }

    private func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            // The slot passes straight to the longest waiter.
            waiting.removeFirst().resume()
        }
    }
}
