/// The error the TLS handler carries when the peer certificate evaluator says `deny`.
struct PinningDenial: Error, Sendable {
    let reason: String
}
