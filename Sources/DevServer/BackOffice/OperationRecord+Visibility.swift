import PowerAuth

extension OperationRecord {
    /// Whether activation `activationId`, of user `userId` and application `applicationId` (nil: unknown, as for
    /// `activation create` files), may see and act on it: a back-office operation only from one of its
    /// `applications`; then its own, or an unassigned one of its user (any user when either side has none).
    func isVisible(toActivation activationId: String, userId: String?, applicationId: String? = nil) -> Bool {
        if let applicationId, let applications = backOffice?.applications, !applications.contains(applicationId) {
            return false
        }
        if let assigned = self.activationId { return assigned == activationId }
        guard let owner = backOffice?.userId, let userId else { return true }
        return owner == userId
    }

    /// Whether the activation's operation list shows it: its own, and unassigned back-office operations made for
    /// a user it may see (a non-personalized one is claimed through detail first).
    func isListed(forActivation activationId: String, userId: String?, applicationId: String? = nil) -> Bool {
        guard isVisible(toActivation: activationId, userId: userId, applicationId: applicationId) else { return false }
        return self.activationId != nil || backOffice?.userId != nil
    }
}

extension ServerActivation {
    /// The user the activation belongs to; nil for activations without one (`activation create` files).
    var backOfficeUserId: String? { registration?.userId }

    /// The application the activation belongs to; nil for `activation create` files (any application).
    var backOfficeApplicationId: String? { registration?.applicationId }
}

extension DevServerState {
    /// Whether activation `activationId` may see and act on the operation at `index`: `OperationRecord.isVisible`
    /// with the activation's user and application as this state holds them.
    func operation(at index: Int, isVisibleTo activationId: String) -> Bool {
        let caller = activations.first { $0.activationId == activationId }
        let (userId, applicationId) = (caller?.backOfficeUserId, caller?.backOfficeApplicationId)
        return operations[index].isVisible(toActivation: activationId, userId: userId, applicationId: applicationId)
    }
}
