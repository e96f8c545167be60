import PowerAuth

extension DeviceTransactions {
    /// Transactions over a device store given as an existential (opened here, so it becomes an
    /// `ActivationStore<DeviceActivation>`).
    init(over store: some ActivationStore<DeviceActivation>) {
        self.init(store: store)
    }
}
