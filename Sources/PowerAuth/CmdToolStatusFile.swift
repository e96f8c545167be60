public import FoundationEssentials

/// A powerauth-cmd-tool status file (its `activation` status JSON), for `qrauth activation import`.
package struct CmdToolStatusFile: Sendable, Decodable {
    /// `activationId`.
    package var activationId: String
    /// `serverPublicKey`: Base64 of the uncompressed point.
    package var serverPublicKey: String
    /// `counter`.
    package var counter: UInt64?
    /// `ctrData`: Base64 of 16 bytes; null for version 2.
    package var ctrData: String?
    /// `signaturePossessionKey`.
    package var signaturePossessionKey: String
    /// `signatureBiometryKey`.
    package var signatureBiometryKey: String?
    /// `signatureKnowledgeKeyEncrypted`.
    package var signatureKnowledgeKeyEncrypted: String
    /// `signatureKnowledgeKeySalt`.
    package var signatureKnowledgeKeySalt: String
    /// `transportMasterKey`.
    package var transportMasterKey: String
    /// `version`: 3 for v3 activations.
    package var version: Int?

    /// Application values the status file does not carry (from the cmd-tool `config.json`).
    package struct Application: Sendable {
        /// `applicationKey` Base64 text.
        package var applicationKey: String
        /// `applicationSecret` Base64 text.
        package var applicationSecret: String
        /// `masterPublicKey`: Base64 of a P-256 point, if known.
        package var masterPublicKey: String?

        /// Makes application values.
        package init(applicationKey: String, applicationSecret: String, masterPublicKey: String?) {
            self.applicationKey = applicationKey
            self.applicationSecret = applicationSecret
            self.masterPublicKey = masterPublicKey
        }
    }

    /// Parses the status file JSON.
    package init(json: Data) throws(PowerAuthError) {
        self = try ActivationFileCodec.decode(json, path: "the status file")
    }

    /// Converts to a device activation; the knowledge key stays encrypted (same scheme as the SDK).
    package func deviceActivation(application: Application?) throws(PowerAuthError) -> DeviceActivation {
        let ctr: Data? = try ctrData.map { (text) throws(PowerAuthError) in
            try Base64Field.decode(text, field: "ctrData", length: 16)
        }
        if ctr == nil, version ?? 3 >= 3 {
            throw PowerAuthError(.activationFile, "ctrData is missing for a version 3 activation")
        }
        let serverKey = try Base64Field.decode(serverPublicKey, field: "serverPublicKey")
        let master = try application?.masterPublicKey.map { (text) throws(PowerAuthError) in
            try Base64Field.decode(text, field: "masterPublicKey")
        }
        let device = DeviceActivation(
            formatVersion: DeviceActivation.currentFormatVersion, kind: "device", activationId: activationId,
            protocolVersion: .v33, applicationKey: application?.applicationKey ?? "",
            applicationSecret: application?.applicationSecret ?? "", masterServerPublicKey: master,
            serverPublicKey: serverKey, devicePublicKey: nil,
            possessionKey: try Base64Field.decode(signaturePossessionKey, field: "signaturePossessionKey", length: 16),
            biometryKey: try signatureBiometryKey.flatMap { (text) throws(PowerAuthError) -> Data? in
                text.isEmpty ? nil : try Base64Field.decode(text, field: "signatureBiometryKey", length: 16)
            },
            knowledgeKey: try KnowledgeKeyProtection(
                encryptedKey: Base64Field.decode(
                    signatureKnowledgeKeyEncrypted, field: "signatureKnowledgeKeyEncrypted", length: 16),
                salt: Base64Field.decode(signatureKnowledgeKeySalt, field: "signatureKnowledgeKeySalt", length: 16)),
            transportKey: try Base64Field.decode(transportMasterKey, field: "transportMasterKey", length: 16),
            ctrData: ctr, counter: counter ?? 0, unconfirmedSignatures: 0, lookAhead: 20, token: nil)
        try device.validate()
        return device
    }
}

extension DeviceActivation {
    /// Imports a powerauth-cmd-tool status file (`qrauth activation import`); the application values the file does
    /// not carry come from the tool's `config.json` (empty when not given). The knowledge key stays encrypted.
    public init(
        cmdToolStatus json: Data, applicationKey: String? = nil, applicationSecret: String? = nil,
        masterPublicKey: String? = nil
    ) throws(PowerAuthError) {
        let application =
            applicationKey == nil && applicationSecret == nil && masterPublicKey == nil
            ? nil
            : CmdToolStatusFile.Application(
                applicationKey: applicationKey ?? "", applicationSecret: applicationSecret ?? "",
                masterPublicKey: masterPublicKey)
        self = try CmdToolStatusFile(json: json).deviceActivation(application: application)
    }
}
