extension DeviceActivation {
    /// Records that the server accepted a signature made with the numeric counter `used`: the server's
    /// counter now stands past it, so only the signatures made after it are unconfirmed.
    mutating func confirmAccepted(counter used: UInt64) {
        guard used < counter else { return }
        let after = counter - used - 1
        if after < UInt64(unconfirmedSignatures) { unconfirmedSignatures = Int(after) }
    }

    /// Sets the unconfirmed count from the server's counter state (what a phone learns from the status
    /// blob); returns how far the device is ahead, or nil (nothing changed) when not within 64 steps.
    mutating func synchronise(with server: ServerCounterState, lookAhead: Int) throws(PowerAuthError) -> Int? {
        var counter = try server.signatureCounter()
        let target = try signatureCounter()
        for distance in 0...64 {
            if counter == target {
                unconfirmedSignatures = distance
                self.lookAhead = lookAhead
                return distance
            }
            counter = counter.advanced()
        }
        return nil
    }
}
