public import PowerAuth

/// Where a signer and the enrollment and Mobile Token clients keep the device activation: an
/// `ActivationStore<DeviceActivation>` (`ActivationFile<DeviceActivation>`, `InMemoryActivationStore`). The signer runs
/// each signature as one locked cycle through it (load, advance, save before the request leaves).
///
/// The stores the clients use throw `MobileTokenError`: `missingActivation` when there is no usable activation,
/// `signingFailed` when the advanced counter cannot be saved or the file cannot be locked (nothing is sent then). A
/// device file given to a client reports so (`forClients`).
extension ActivationStore where Activation == DeviceActivation {
    /// This store as the clients use it: a device file (`ActivationFile<DeviceActivation>`) reporting its failures as
    /// `MobileTokenError`s; another store as it is.
    var forClients: any ActivationStore<DeviceActivation> {
        (self as? ActivationFile<DeviceActivation>)?.clientReading ?? self
    }

    /// Loads the activation; a store that throws something other than `MobileTokenError` reads as
    /// `missingActivation`.
    func loadActivation() throws(MobileTokenError) -> DeviceActivation {
        do {
            return try forClients.load()
        } catch let error as MobileTokenError {
            throw error
        } catch {
            throw MobileTokenError(.missingActivation, "cannot read the activation: \(error)")
        }
    }
}

extension ActivationFile where Activation == DeviceActivation {
    /// The device file as the Mobile Token and enrollment clients read it (held or not, as this one): no usable
    /// activation is `MobileTokenError.missingActivation`; a counter that cannot be saved, or a lock that cannot be
    /// taken, is `signingFailed` (nothing was sent).
    package var clientReading: Self {
        reportingFailures { failure in
            switch failure.kind {
            case .unusable: MobileTokenError(.missingActivation, failure.reason)
            case .notKept: MobileTokenError(.signingFailed, failure.reason)
            }
        }
    }
}

/// The device activation file, as the clients read it: PowerAuth's `ActivationFile<DeviceActivation>` (the clients
/// report its failures as `MobileTokenError`s).
@available(*, deprecated, message: "use ActivationFile<DeviceActivation>")
public typealias ActivationFileStorage = ActivationFile<DeviceActivation>
