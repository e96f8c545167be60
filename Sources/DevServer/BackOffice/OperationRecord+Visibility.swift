import PowerAuth

extension OperationRecord {
    /// Whether activation `activationId`, of user `userId` (nil: unknown, as for `activation create` files), may
    /// see and act on it: its own; an unassigned one of its user (any user when either side has none).
    func isVisible(toActivation activationId: String, userId: String?) -> Bool {
        if let assigned = self.activationId { return assigned == activationId }
        guard let owner = backOffice?.userId, let userId else { return true }
        return owner == userId
    }

    /// Whether the activation's operation list shows it: its own, and unassigned back-office operations made for
    /// a user it may see (a non-personalized one is claimed through detail first).
    func isListed(forActivation activationId: String, userId: String?) -> Bool {
        if let assigned = self.activationId { return assigned == activationId }
        return backOffice?.userId != nil && isVisible(toActivation: activationId, userId: userId)
    }
}

extension ServerActivation {
    /// The user the activation belongs to (its back-office `userId`); nil for activations without one
    /// (`activation create` files).
    var backOfficeUserId: String? { registration?.userId }
}
