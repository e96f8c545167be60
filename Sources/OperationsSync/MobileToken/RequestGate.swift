/// A first-in, first-out async lock.
actor RequestGate {
    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Waits for the gate.
    func acquire() async {
        if !busy {
            busy = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// Opens the gate for the next waiter.
    func release() {
        if waiters.isEmpty {
            busy = false
        } else {
            waiters.removeFirst().resume()
        }
    }

}
