import PowerAuth

extension DeviceTransactions {
    /// Transactions over a device store given as an existential, as the clients use it (`forClients`: a device
    /// file reports `MobileTokenError`s).
    init(over store: some ActivationStore<DeviceActivation>) {
        self.init(opening: store.forClients)
    }

    /// Opens the existential, so the concrete store becomes an `ActivationStore<DeviceActivation>`.
    private init(opening store: some ActivationStore<DeviceActivation>) {
        self.init(store: store)
    }
}
