import OperationsSync

/// A peer certificate evaluator that records what it was shown and answers a fixed decision.
struct TestEvaluator: PeerCertificateEvaluator {
    let decision: PeerTrustDecision
    let seen: Recorder<PeerCertificate>

    func evaluate(_ certificate: PeerCertificate) async -> PeerTrustDecision {
        seen.append(certificate)
        return decision
    }
}
