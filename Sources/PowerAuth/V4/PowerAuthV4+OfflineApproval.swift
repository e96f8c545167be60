import FoundationEssentials
package import OfflineOperations

extension PowerAuthV4 {
    /// `qrauth operation approve` for a 4.0 device file (spec §16): one locked read-modify-write of the file.
    package enum OfflineApprovalTransaction {
        /// A code computed and its counter step saved.
        package struct Receipt: Sendable, Equatable {
            package var code: String
            package var signatureType: SignatureType
            package var signatureCheck: OfflineSignatureCheck
            /// The counter the code was made with (the file now holds the next one).
            package var counter: Int
        }

        /// What the approval concluded.
        package enum Outcome: Sendable, Equatable {
            case approved(Receipt)
            /// The payload's signature did not verify (key `2` or P-384 key `0`; `1` reports the key unavailable).
            case refused(OfflineSignatureCheck)
        }

        /// Checks the payload with the file's keys, computes the approval code and advances `CTR_DATA`, saving the
        /// file before returning: no counter gives two codes. `password` unwraps the knowledge key.
        package static func approve(
            path: String, operation: OfflineOperation, factor: OfflineApproval.Factor, password: String?,
            digits: Int = 8, allowUnverified: Bool = false
        ) throws -> Outcome {
            try ActivationFile<DeviceFile>(path: path).update { file throws -> Outcome in
                var device = try file.device(password: factor == .knowledge ? password : nil)
                let check = try device.state.verify(operation)
                if check != .valid && !allowUnverified { return .refused(check) }
                let counter = device.state.counter
                let code = try device.state.approvalCode(
                    operationId: operation.operationId, operationData: operation.operationData, totp: operation.totp,
                    nonce: operation.nonce, factor: factor, digits: digits)
                try file.record(device)
                return .approved(
                    Receipt(
                        code: code, signatureType: factor.signatureType, signatureCheck: check, counter: counter))
            }
        }
    }
}
