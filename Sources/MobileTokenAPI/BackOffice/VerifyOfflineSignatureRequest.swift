extension BackOffice {
    /// `signature/offline/verify` (`allowBiometry`, not the docs' `biometryAllowed`).
    public struct VerifyOfflineSignatureRequest: Sendable, Hashable, Codable {
        /// The activation.
        public var activationId: String
        /// The plain request data `POST&B64(uriId)&NONCE&B64(body)`, without `&offline`.
        public var data: String
        /// The approval code the user typed (decimal components, dashes allowed).
        public var signature: String
        /// Whether possession + biometry is accepted.
        public var allowBiometry: Bool
        /// Digits per component (4–8, default 8).
        public var componentLength: Int?
        /// The TOTP the payload carried.
        public var proximityCheck: OfflineProximityCheck?

        /// Makes a body.
        public init(
            activationId: String,
            data: String,
            signature: String,
            allowBiometry: Bool,
            componentLength: Int? = nil,
            proximityCheck: OfflineProximityCheck? = nil
        ) {
            self.activationId = activationId
            self.data = data
            self.signature = signature
            self.allowBiometry = allowBiometry
            self.componentLength = componentLength
            self.proximityCheck = proximityCheck
        }
    }
}
