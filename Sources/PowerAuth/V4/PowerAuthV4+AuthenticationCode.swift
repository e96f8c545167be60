package import FoundationEssentials

extension PowerAuthV4 {
    /// Authentication codes of protocol 4.0 (spec §6), the successor of 3.x signatures.
    package enum AuthenticationCode {
        /// The only three code types 4.0 allows (DOC-AUTH; `pa_auth_code_type`).
        package enum CodeType: String, Sendable, CaseIterable, Codable {
            /// `[Kp]`.
            case possession
            /// `[Kp, Kk]`.
            case possessionKnowledge = "possession_knowledge"
            /// `[Kp, Kb]`.
            case possessionBiometry = "possession_biometry"

            /// The factor keys in code order, taken from `keys`.
            package func factorKeys(_ keys: ActivationKeys) -> [Data] {
                switch self {
                case .possession: [keys.possession]
                case .possessionKnowledge: [keys.possession, keys.knowledge]
                case .possessionBiometry: [keys.possession, keys.biometry]
                }
            }
        }

        /// Offline component lengths in digits (MOBILE `Constants.h`); 8 is the default.
        package static let offlineDigits = 4...8
        /// Bytes of one component.
        package static let componentSize = 32

        /// OPEN POINT 2. The final algorithm as DOC-AUTH and the SDK's `FunctionsV4.cpp` describe it (no upstream
        /// vectors): for component i, `D = KMAC(K_j, CTR_DATA || D, 32, "PA4CODE")` for j = 1 … i starting from an
        /// empty D, then `C_i = KMAC(D, DATA, 32, "PA4CODE")`. Component 2 depends on both keys.
        package static func components(
            data: some DataProtocol, factorKeys: [Data], counterData: Data
        ) throws(PowerAuthError) -> [Data] {
            guard (1...2).contains(factorKeys.count) else {
                throw PowerAuthError(.signatureType, "a 4.0 code has 1 or 2 factors, not \(factorKeys.count)")
            }
            guard counterData.count == Counter.size else {
                throw PowerAuthError(.length, "CTR_DATA is \(counterData.count) bytes, expected 32")
            }
            var result: [Data] = []
            var chain = Data()
            for key in factorKeys {
                guard key.count == 32 else {
                    throw PowerAuthError(.missingFactorKey, "a 4.0 factor key is \(key.count) bytes, expected 32")
                }
                // The chain for i factors extends the chain for i − 1 by one step, so it is carried along.
                chain = try kmac(key: key, message: counterData + chain, .authenticationCode)
                result.append(try kmac(key: chain, message: data, .authenticationCode))
            }
            return result
        }

        /// The online form (spec §6.4): Base64 of the full components (44 or 88 characters).
        package static func online(_ components: [Data]) -> String {
            components.reduce(Data(), +).base64EncodedString()
        }

        /// The offline form (spec §6.5): each component's last 4 bytes, big-endian, top bit cleared,
        /// mod 10^digits, zero-padded, joined by `-`.
        package static func offline(_ components: [Data], digits: Int = 8) throws(PowerAuthError) -> String {
            guard offlineDigits.contains(digits) else {
                throw PowerAuthError(.componentLength, "an offline component has 4 to 8 digits, not \(digits)")
            }
            var parts: [String] = []
            for component in components {
                parts.append(try decimalize(component, digits: digits))
            }
            return parts.joined(separator: "-")
        }

        /// One component as `digits` decimal digits (`mod 10^digits`; DOC-AUTH's `mod 10^8` for every length is a
        /// doc bug, spec §6.5).
        package static func decimalize(_ component: Data, digits: Int) throws(PowerAuthError) -> String {
            guard component.count >= 4 else {
                throw PowerAuthError(.length, "a component is \(component.count) bytes, expected 32")
            }
            let tail = component.suffix(4)
            let value = tail.reduce(UInt32(0)) { ($0 << 8) | UInt32($1) } & 0x7FFF_FFFF
            var modulus: UInt32 = 1
            for _ in 0..<digits { modulus *= 10 }
            let text = String(value % modulus)
            return String(repeating: "0", count: digits - text.count) + text
        }

        /// A complete online code for a request: `normalizedData` is `REQUEST_DATA "&" APP_SECRET`.
        package static func compute(
            type: CodeType, keys: ActivationKeys, counterData: Data, normalizedData: Data
        ) throws(PowerAuthError) -> String {
            online(try components(data: normalizedData, factorKeys: type.factorKeys(keys), counterData: counterData))
        }
    }

    /// The MAC-token digest of protocol 4.0 (spec §7).
    package enum TokenDigest {
        /// `KMAC(TOKEN_SECRET, NONCE || "&" || TIMESTAMP || "&" || "4.0", 32, "PA4DIGEST")`.
        package static func compute(
            tokenSecret: some DataProtocol, nonce: some DataProtocol, timestamp: String
        ) throws(PowerAuthError) -> Data {
            guard tokenSecret.count == 32 else {
                throw PowerAuthError(.length, "a 4.0 token secret is \(tokenSecret.count) bytes, expected 32")
            }
            var message = Data(nonce)
            message.append(contentsOf: Array("&\(timestamp)&\(version)".utf8))
            return try kmac(key: tokenSecret, message: message, .tokenDigest)
        }
    }
}
