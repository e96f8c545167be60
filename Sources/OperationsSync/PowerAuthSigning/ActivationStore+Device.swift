import PowerAuth

/// Where a signer and the enrollment and Mobile Token clients keep the device activation: an
/// `ActivationStore<DeviceActivation>` (`ActivationFileStorage`, `InMemoryActivationStore`). The signer runs each
/// signature as one locked cycle through it (load, advance, save before the request leaves).
///
/// The stores of this module throw `MobileTokenError`: `missingActivation` when there is no usable activation,
/// `signingFailed` when the advanced counter cannot be saved (nothing is sent then).
extension ActivationStore where Activation == DeviceActivation {
    /// Loads the activation; a store that throws something other than `MobileTokenError` reads as
    /// `missingActivation`.
    func loadActivation() throws(MobileTokenError) -> DeviceActivation {
        do {
            return try load()
        } catch let error as MobileTokenError {
            throw error
        } catch {
            throw MobileTokenError(.missingActivation, "cannot read the activation: \(error)")
        }
    }
}
