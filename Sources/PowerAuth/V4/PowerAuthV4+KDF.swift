package import FoundationEssentials

extension PowerAuthV4 {
    /// The label KDF of protocol 4.0 (spec §3.2): `KMAC(K, SIZES(label, diversifier), L, "PA4KDF")`.
    package enum KDF {
        /// How a message is closed when there is no diversifier (open point 1, spec §20.1).
        package enum AbsentDiversifierEncoding: String, Sendable, CaseIterable {
            /// `BE32(len label) || label || BE32(0)`: a null element of `concatWithSizes` (DOC-BASIC).
            case lengthPrefixZero
            /// `BE32(len label) || label`: the element left out.
            case omitted
        }

        /// OPEN POINT 1. The choice: the published `concatWithSizes` writes a null element as a zero length, and
        /// the Java two-argument `derive` passes null. No upstream vector pins it. A live 2.x server settles it
        /// on the first `/pa/v4/keystore/create` (a wrong choice gives `ERR_TEMPORARY_KEY`).
        package static let absentDiversifierEncoding = AbsentDiversifierEncoding.lengthPrefixZero

        /// The KMAC message for `label` and an optional diversifier. The only place that encodes an absent one.
        package static func message(
            label: String, diversifier: Data?, absentEncoding: AbsentDiversifierEncoding = absentDiversifierEncoding
        ) -> Data {
            let label = utf8(label)
            if let diversifier { return sizes([label, diversifier]) }
            switch absentEncoding {
            case .lengthPrefixZero: return sizes([label, nil])
            case .omitted: return sizes([label])
            }
        }

        /// `KDF(key, label, diversifier, length)`.
        package static func derive(
            _ key: some DataProtocol, label: String, diversifier: Data? = nil, length: Int = 32,
            absentEncoding: AbsentDiversifierEncoding = absentDiversifierEncoding
        ) throws(PowerAuthError) -> Data {
            try kmac(
                key: key, message: message(label: label, diversifier: diversifier, absentEncoding: absentEncoding),
                length: length, .kdf)
        }
    }

    /// The labels of the 4.0 key hierarchy (spec §4; DOC-KEYS).
    package enum KeyLabel {
        static let authentication = "auth"
        static let possession = "auth/possession"
        static let knowledge = "auth/knowledge"
        static let biometry = "auth/biometry"
        static let utility = "util"
        static let counterData = "util/mac/ctr-data"
        static let status = "util/mac/status"
        static let activationTemporaryKey = "util/mac/get-act-temp-key"
        static let personalizedData = "util/mac/personalized-data"
        static let sharedInfo2 = "util/key-e2ee-sh2"
        static let applicationTemporaryKey = "util/mac/get-app-temp-key"
        static let aeadEncryption = "aead/enc"
        static let aeadMAC = "aead/mac"
    }

    /// The keys an activation derives from `KEY_ACTIVATION_SECRET` (spec §4), all 32 bytes, all with the
    /// absent diversifier.
    package struct ActivationKeys: Sendable, Equatable {
        /// `KEY_AUTHENTICATION_CODE_POSSESSION`.
        package let possession: Data
        /// `KEY_AUTHENTICATION_CODE_KNOWLEDGE` (initial).
        package let knowledge: Data
        /// `KEY_AUTHENTICATION_CODE_BIOMETRY` (initial).
        package let biometry: Data
        /// `KEY_MAC_CTR_DATA`.
        package let counterData: Data
        /// `KEY_MAC_STATUS`.
        package let status: Data
        /// `KEY_MAC_GET_ACT_TEMP_KEY`.
        package let activationTemporaryKey: Data
        /// `KEY_MAC_PERSONALIZED_DATA`.
        package let personalizedData: Data
        /// `KEY_E2EE_SHARED_INFO2`.
        package let sharedInfo2: Data

        /// Keys kept elsewhere (a device file): the knowledge or biometry key may be empty when it is not at hand.
        package init(
            possession: Data, knowledge: Data, biometry: Data, counterData: Data, status: Data,
            activationTemporaryKey: Data, personalizedData: Data, sharedInfo2: Data
        ) {
            self.possession = possession
            self.knowledge = knowledge
            self.biometry = biometry
            self.counterData = counterData
            self.status = status
            self.activationTemporaryKey = activationTemporaryKey
            self.personalizedData = personalizedData
            self.sharedInfo2 = sharedInfo2
        }

        /// Derives every key from the 32-byte activation secret.
        package init(
            activationSecret: some DataProtocol,
            absentEncoding: KDF.AbsentDiversifierEncoding = KDF.absentDiversifierEncoding
        ) throws(PowerAuthError) {
            guard activationSecret.count == 32 else {
                throw PowerAuthError(.length, "KEY_ACTIVATION_SECRET is \(activationSecret.count) bytes, expected 32")
            }
            func derive(_ key: Data, _ label: String) throws(PowerAuthError) -> Data {
                try KDF.derive(key, label: label, absentEncoding: absentEncoding)
            }
            let secret = Data(activationSecret)
            let authentication = try derive(secret, KeyLabel.authentication)
            possession = try derive(authentication, KeyLabel.possession)
            knowledge = try derive(authentication, KeyLabel.knowledge)
            biometry = try derive(authentication, KeyLabel.biometry)
            let utility = try derive(secret, KeyLabel.utility)
            counterData = try derive(utility, KeyLabel.counterData)
            status = try derive(utility, KeyLabel.status)
            activationTemporaryKey = try derive(utility, KeyLabel.activationTemporaryKey)
            personalizedData = try derive(utility, KeyLabel.personalizedData)
            sharedInfo2 = try derive(utility, KeyLabel.sharedInfo2)
        }

        /// `KEY_MAC_GET_APP_TEMP_KEY = KDF(APP_SECRET_RAW, "util/mac/get-app-temp-key")`, keyed by the 16 decoded bytes.
        package static func applicationTemporaryKey(
            applicationSecret: Data, absentEncoding: KDF.AbsentDiversifierEncoding = KDF.absentDiversifierEncoding
        ) throws(PowerAuthError) -> Data {
            try KDF.derive(applicationSecret, label: KeyLabel.applicationTemporaryKey, absentEncoding: absentEncoding)
        }
    }

    /// The password KDF (spec §8): `KMAC(UTF8(password), salt, length, "PA4PBKDF")`; the password is the key.
    package enum PasswordKDF {
        /// The SDK's salt length, and the least accepted.
        package static let minimumSaltLength = 32

        /// The derived key. OpenSSL's KMAC needs a key of at least 4 bytes: shorter passwords are refused.
        package static func derive(password: String, salt: Data, length: Int = 32) throws(PowerAuthError) -> Data {
            guard salt.count >= minimumSaltLength else {
                throw PowerAuthError(.length, "the password salt is \(salt.count) bytes, expected at least 32")
            }
            guard password.utf8.count >= 4 else {
                throw PowerAuthError(.length, "the password is shorter than 4 bytes")
            }
            return try kmac(key: utf8(password), message: salt, length: length, .passwordKDF)
        }
    }
}
