import FoundationEssentials

/// The work queue and result slots a batch shares between its workers and the delivering thread.
final class QRBatchState<Input: Sendable>: @unchecked Sendable {
    // @unchecked: every stored property is read and written only while holding `condition`.
    private let condition = ConditionLock()
    private let count: Int
    private var nextIndex = 0
    private var slots: [QRBatchResult<Input>?]

    init(count: Int) {
        self.count = count
        self.slots = Array(repeating: nil, count: count)
    }

    /// The next input index to work on, or nil when all are taken.
    func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard nextIndex < count else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }

    /// Stores a finished result and wakes the delivering thread.
    func finish(_ result: QRBatchResult<Input>) {
        condition.lock()
        slots[result.index] = result
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks until the result at `index` is ready, then hands it over (and frees its slot).
    func wait(for index: Int) -> QRBatchResult<Input> {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let result = slots[index] {
                slots[index] = nil
                return result
            }
            condition.wait()
        }
    }
}
