extension DeviceActivation {
    /// A warning when the codes made since the server last confirmed approach its look-ahead window, else nil.
    public var lookAheadWarning: String? {
        guard isNearLookAhead else { return nil }
        if unconfirmedSignatures >= lookAhead {
            return "\(unconfirmedSignatures) codes were made since the server last confirmed the counter; the server "
                + "looks only \(lookAhead) ahead, so further codes will be rejected until the counters are "
                + "resynchronised (a lock-out)"
        }
        return "\(unconfirmedSignatures) codes were made since the server last confirmed the counter; the server "
            + "looks only \(lookAhead) ahead: after \(lookAhead - unconfirmedSignatures) more unverified codes "
            + "this activation is locked out"
    }
}
