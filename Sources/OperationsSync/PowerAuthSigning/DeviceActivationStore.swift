public import PowerAuth

/// Where a signer keeps the device activation: PowerAuth's `ActivationStore` for the device side. The signer runs
/// each signature as one locked cycle through it (load, advance, save before the request leaves).
///
/// Stores throw `MobileTokenError`: `missingActivation` when there is no usable activation, `signingFailed` when
/// the advanced counter cannot be saved (nothing is sent then).
public protocol DeviceActivationStore: ActivationStore where Activation == DeviceActivation {}

extension DeviceActivationStore {
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
