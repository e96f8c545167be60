public import PowerAuth

/// Where a signer keeps the device activation: PowerAuth's `ActivationStore` for the device side. The signer runs
/// each signature as one locked cycle through it (load, advance, save before the request leaves).
///
/// Stores throw `MobileTokenError`: `missingActivation` when there is no usable activation, `signingFailed` when
/// the advanced counter cannot be saved (nothing is sent then).
public protocol DeviceActivationStore: ActivationStore where Activation == DeviceActivation {}
