public import PowerAuth

/// A store of the device activation is PowerAuth's `ActivationStore` of a `DeviceActivation`.
@available(*, deprecated, message: "use ActivationStore<DeviceActivation>")
public typealias DeviceActivationStore = ActivationStore<DeviceActivation>
