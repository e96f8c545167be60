public import FoundationEssentials

extension ECIES {
    /// The purpose of an ECIES exchange: selects the scope and SHARED_INFO_1.
    public enum EncryptorID: String, Sendable, Codable, CaseIterable {
        /// Application-scope generic endpoints and layer 1 of `activation/create` (`/pa/generic/application`).
        case applicationScopeGeneric = "APPLICATION_SCOPE_GENERIC"
        /// Activation-scope generic endpoints (`/pa/generic/activation`).
        case activationScopeGeneric = "ACTIVATION_SCOPE_GENERIC"
        /// Layer 2 of `activation/create` (`/pa/activation`).
        case activationLayer2 = "ACTIVATION_LAYER_2"
        /// `/pa/v3/upgrade/start` (`/pa/upgrade`).
        case upgrade = "UPGRADE"
        /// `/pa/v3/vault/unlock` (`/pa/vault/unlock`).
        case vaultUnlock = "VAULT_UNLOCK"
        /// `/pa/v3/token/create` (`/pa/token/create`).
        case createToken = "CREATE_TOKEN"
        /// `/pa/v3/recovery/confirm` (`/pa/recovery/confirm`; gone in server 2.0).
        case confirmRecoveryCode = "CONFIRM_RECOVERY_CODE"

        /// The scope this purpose uses.
        public var scope: ECIES.Scope {
            switch self {
            case .applicationScopeGeneric, .activationLayer2: .application
            case .activationScopeGeneric, .upgrade, .vaultUnlock, .createToken, .confirmRecoveryCode: .activation
            }
        }

        /// The SHARED_INFO_1 constant, without any version prefix.
        public var sharedInfo1Constant: String {
            switch self {
            case .applicationScopeGeneric: "/pa/generic/application"
            case .activationScopeGeneric: "/pa/generic/activation"
            case .activationLayer2: "/pa/activation"
            case .upgrade: "/pa/upgrade"
            case .vaultUnlock: "/pa/vault/unlock"
            case .createToken: "/pa/token/create"
            case .confirmRecoveryCode: "/pa/recovery/confirm"
            }
        }

        /// SHARED_INFO_1 as it enters the KDF: the constant for 3.0/3.1, `version || constant` for 3.2/3.3.
        public func sharedInfo1(version: ProtocolVersion) -> Data {
            switch version {
            case .v30, .v31: Data(sharedInfo1Constant.utf8)
            case .v32, .v33: Data((version.rawValue + sharedInfo1Constant).utf8)
            }
        }
    }
}
