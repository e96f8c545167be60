extension BackOffice {
    /// `signature/offline/personalized/create`: a QR payload signed with the activation's server key (`1`).
    public struct CreatePersonalizedOfflineSignaturePayloadRequest: Sendable, Hashable, Codable {
        /// The activation.
        public var activationId: String
        /// The five QR lines: operation id, title, message, operation data, flags.
        public var data: String
        /// A Base64 16-byte nonce (default: random).
        public var nonce: String?
        /// Adds a TOTP line from this seed.
        public var proximityCheck: OfflineProximityCheck?

        /// Makes a body.
        public init(
            activationId: String,
            data: String,
            nonce: String? = nil,
            proximityCheck: OfflineProximityCheck? = nil
        ) {
            self.activationId = activationId
            self.data = data
            self.nonce = nonce
            self.proximityCheck = proximityCheck
        }
    }
}
