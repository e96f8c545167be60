package import FoundationEssentials
import QRAuthCrypto

extension PowerAuthV4 {
    /// The 80-byte activation status blob of protocol 4.0 (spec §14.3; DOC-STATUS): 48 data bytes and a KMAC.
    package struct StatusBlob: Sendable, Equatable {
        /// `DE C0 DE D4`.
        package static let magic: [UInt8] = [0xDE, 0xC0, 0xDE, 0xD4]
        /// Bytes of the blob.
        package static let size = 80
        /// Flag bit 0: the activation waits for `/pa/v4/activation/confirm`.
        package static let confirmationPendingFlag: UInt8 = 1
        /// Flag bit 1: an upgrade from 3.3 waits for `/pa/v4/upgrade/confirm` (spec §15).
        package static let upgradePendingFlag: UInt8 = 2
        /// Flag bit 3: biometry is enabled on the server.
        package static let biometryFlag: UInt8 = 8

        /// 1 `CREATED`, 2 `PENDING_COMMIT`, 3 `ACTIVE`, 4 `BLOCKED`, 5 `REMOVED`.
        package var status: UInt8
        /// The activation's version (4).
        package var currentVersion: UInt8
        /// The highest version the server offers.
        package var upgradeVersion: UInt8
        /// Bit 0 confirmation pending, bit 1 upgrade confirmation pending, bit 2 suite unsupported, bit 3 biometry.
        package var flags: UInt8
        /// Counter & 0xFF (informational).
        package var counterByte: UInt8
        package var failedAttempts: UInt8
        package var maxFailedAttempts: UInt8
        /// `CTR_LOOK_AHEAD`, 1 … 64.
        package var lookAhead: UInt8
        /// `CTR_DATA_HASH` (32 bytes).
        package var counterDataHash: Data

        package init(
            status: UInt8, currentVersion: UInt8 = 4, upgradeVersion: UInt8 = 4, flags: UInt8 = 0, counterByte: UInt8,
            failedAttempts: UInt8, maxFailedAttempts: UInt8, lookAhead: UInt8, counterDataHash: Data
        ) {
            self.status = status
            self.currentVersion = currentVersion
            self.upgradeVersion = upgradeVersion
            self.flags = flags
            self.counterByte = counterByte
            self.failedAttempts = failedAttempts
            self.maxFailedAttempts = maxFailedAttempts
            self.lookAhead = lookAhead
            self.counterDataHash = counterDataHash
        }

        /// Whether the server offers a newer version than the activation has.
        package var isUpgradeAvailable: Bool { currentVersion != upgradeVersion }

        /// The blob with `STATUS_MAC = KMAC(KEY_MAC_STATUS, bytes[0..48), 32, "PA4MAC-STATUS")`.
        package func encode(statusKey: Data) throws(PowerAuthError) -> Data {
            guard counterDataHash.count == 32 else {
                throw PowerAuthError(.statusBlob, "CTR_DATA_HASH is \(counterDataHash.count) bytes, expected 32")
            }
            var data = Data(Self.magic)
            data.append(contentsOf: [status, currentVersion, upgradeVersion, flags, 0, 0, 0, 0])
            data.append(contentsOf: [counterByte, failedAttempts, maxFailedAttempts, lookAhead])
            data.append(counterDataHash)
            return data + (try kmac(key: statusKey, message: data, .statusMAC))
        }

        /// Checks the MAC first (constant time), then magic, status and look-ahead.
        package init(decoding blob: Data, statusKey: Data) throws(PowerAuthError) {
            let bytes = [UInt8](blob)
            guard bytes.count == Self.size else {
                throw PowerAuthError(.statusBlob, "a 4.0 status blob is \(bytes.count) bytes, expected 80")
            }
            let mac = try kmac(key: statusKey, message: bytes[0..<48], .statusMAC)
            guard ConstantTime.equals(mac, bytes[48..<80]) else {
                throw PowerAuthError(.statusBlob, "the status blob's MAC does not match")
            }
            guard Array(bytes[0..<4]) == Self.magic else {
                throw PowerAuthError(.statusBlob, "the status blob does not start with DE C0 DE D4")
            }
            guard (1...5).contains(bytes[4]), (1...64).contains(bytes[15]) else {
                throw PowerAuthError(.statusBlob, "the status blob's state or look-ahead is out of range")
            }
            self.init(
                status: bytes[4], currentVersion: bytes[5], upgradeVersion: bytes[6], flags: bytes[7],
                counterByte: bytes[12], failedAttempts: bytes[13], maxFailedAttempts: bytes[14], lookAhead: bytes[15],
                counterDataHash: Data(bytes[16..<48]))
        }
    }

    /// The decrypted `/pa/v4/activation/status` answer, in either published shape (open point 5).
    package enum StatusResponse: Sendable, Equatable {
        /// The shape a test backend emits; the other is accepted too.
        package enum Shape: String, Sendable, CaseIterable {
            /// DOC-STATUS: Base64 of the 80-byte blob.
            case blob
            /// RESTFUL: a state name and `timestampBlockExpire`.
            case name
        }

        /// OPEN POINT 5: what a test backend emits by default.
        package static let defaultShape = Shape.blob
        /// The state names of the RESTFUL shape.
        package static let stateNames = ["CREATED", "PENDING_COMMIT", "ACTIVE", "BLOCKED", "REMOVED"]

        case blob(StatusBlob)
        case name(String, timestampBlockExpire: Int64?)

        /// OPEN POINT 5. Detects the shape by content: Base64 of 80 bytes starting with the magic is a blob
        /// (checked with `statusKey`); one of the five names is the string form; anything else is an error.
        package static func parse(
            activationStatus: String, timestampBlockExpire: Int64?, statusKey: Data
        ) throws(PowerAuthError) -> StatusResponse {
            if let blob = Data(base64Encoded: activationStatus), blob.count == StatusBlob.size,
                blob.starts(with: StatusBlob.magic)
            {
                return .blob(try StatusBlob(decoding: blob, statusKey: statusKey))
            }
            if stateNames.contains(activationStatus) {
                return .name(activationStatus, timestampBlockExpire: timestampBlockExpire)
            }
            throw PowerAuthError(.statusBlob, "activationStatus is neither an 80-byte blob nor a state name")
        }
    }

    /// The public-key fingerprint shown at activation (open point 3, spec §13.4).
    package enum Fingerprint {
        /// OPEN POINT 3 (layout unconfirmed):
        /// `decimal8(SHA3-256(SIZES(SUITE, devEcdsa, [devMldsa,] ACTIVATION_ID, srvEcdsa [, srvMldsa])))`, keys as
        /// sent, ML-DSA elements left out when absent; `decimal8` is the 3.x display rule.
        package static func compute(
            suite: Suite, deviceECDSA: Data, deviceMLDSA: Data?, activationId: String, serverECDSA: Data,
            serverMLDSA: Data?
        ) throws(PowerAuthError) -> String {
            var elements: [Data] = [utf8(suite.rawValue), deviceECDSA]
            if let deviceMLDSA { elements.append(deviceMLDSA) }
            elements += [utf8(activationId), serverECDSA]
            if let serverMLDSA { elements.append(serverMLDSA) }
            return try AuthenticationCode.decimalize(SHA3.hash256(sizes(elements)), digits: 8)
        }
    }
}
