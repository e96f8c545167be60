import Foundation
import Synchronization

/// Work that must block (a file lock another thread holds, a budget another thread releases) runs on threads of
/// its own, never on the cooperative pool the async tests, live servers and child-process readers share: a
/// blocked pool thread starves them (the pool has as many threads as the machine has cores).
public enum OwnThreads {
    /// Runs `body(0)`, …, `body(count - 1)` each on a new thread, all at once, and suspends (holding no thread)
    /// until every one has returned.
    public static func run(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
        guard count > 0 else { return }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let remaining = Mutex(count)
            for index in 0..<count {
                Thread.detachNewThread {
                    body(index)
                    if remaining.withLock({ left in
                        left -= 1
                        return left == 0
                    }) {
                        done.resume()
                    }
                }
            }
        }
    }

    /// Suspends, holding no thread, until `condition` holds (checked every millisecond), or about `seconds` passed;
    /// returns whether it held. For tests that watch threads started with `Thread` reach a state.
    @discardableResult
    public static func until(seconds: Double = 60, _ condition: () -> Bool) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(seconds)
        while !condition() {
            if clock.now >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }
}
