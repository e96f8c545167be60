import FoundationEssentials
import OfflineOperations
import PowerAuth
import QRAuthEncoding

/// What `activation create|show|import` print: public facts always, secrets only with `--reveal`.
struct ActivationSummary: Encodable {
    /// The last status the server reported (`activation status`), in the `--json` vocabulary (docs/json.md).
    struct LastStatus: Encodable {
        var status: String
        var failedAttempts: Int
        var maxFailedAttempts: Int
        var counterPosition: String
        var counterDistance: Int?
        var checkedAtMillis: Int64

        init(_ record: DeviceStatusRecord) {
            status = record.state
            failedAttempts = record.failedAttempts
            maxFailedAttempts = record.maxFailedAttempts
            counterPosition = JSONSpelling.kebab(record.counterPosition)
            counterDistance = record.counterDistance
            checkedAtMillis = record.checkedAtMillis
        }
    }

    /// One of a device file's MAC tokens: its local name and id, never its secret (`token list`'s vocabulary).
    struct Token: Encodable {
        var name: String
        var tokenId: String
    }

    var kind: String
    var path: String
    var formatVersion: Int
    var activationId: String
    var protocolVersion: String
    var fingerprint: String?
    var applicationKey: String
    var serverPublicKey: String
    var devicePublicKey: String?
    var masterServerPublicKey: String?
    var counter: UInt64
    var unconfirmedCodes: Int?
    var lookAhead: Int
    var biometry: Bool?
    var status: String?
    var failedAttempts: Int?
    var maxFailedAttempts: Int?
    var warning: String?
    var removed: Bool?
    var lastStatus: LastStatus?
    var tokens: [Token]?
    var secrets: [String: String]?

    init(device: DeviceActivation, server: ServerActivation?, path: String, reveal: Bool) throws {
        kind = "device"
        self.path = path
        formatVersion = device.formatVersion
        activationId = device.activationId
        protocolVersion = device.protocolVersion.rawValue
        applicationKey = device.applicationKey
        serverPublicKey = device.serverPublicKey.base64EncodedString()
        devicePublicKey = device.devicePublicKey?.base64EncodedString()
        masterServerPublicKey = device.masterServerPublicKey?.base64EncodedString()
        counter = device.counter
        unconfirmedCodes = device.unconfirmedSignatures
        lookAhead = device.lookAhead
        biometry = device.biometryKey != nil
        warning = device.lookAheadWarning
        removed = device.removed
        lastStatus = device.lastStatus.map(LastStatus.init)
        tokens = device.tokensByName.map { Token(name: $0.name, tokenId: $0.token.id) }
        if let deviceKey = device.devicePublicKey {
            fingerprint = ActivationFingerprint.v3(
                devicePublicKey: try ServerSignedData.publicKey(base64: deviceKey.base64EncodedString()),
                activationId: device.activationId, serverPublicKey: try device.serverKey())
        }
        if reveal {
            var values = [
                "applicationSecret": device.applicationSecret,
                "possessionKey": device.possessionKey.base64EncodedString(),
                "transportKey": device.transportKey.base64EncodedString(),
                "knowledgeKeyEncrypted": device.knowledgeKey.encryptedKey.base64EncodedString(),
                "knowledgeKeySalt": device.knowledgeKey.salt.base64EncodedString(),
            ]
            values["biometryKey"] = device.biometryKey?.base64EncodedString()
            values["ctrData"] = device.ctrData?.base64EncodedString()
            values["tokenId"] = device.token?.id
            values["tokenSecret"] = device.token?.secret.base64EncodedString()
            secrets = values
        }
    }

    init(server: ServerActivation, path: String, reveal: Bool) throws {
        kind = "server"
        self.path = path
        formatVersion = server.formatVersion
        activationId = server.activationId
        protocolVersion = server.protocolVersion.rawValue
        applicationKey = server.applicationKey
        serverPublicKey = server.serverPublicKey.base64EncodedString()
        devicePublicKey = server.devicePublicKey.base64EncodedString()
        masterServerPublicKey = server.masterPublicKey.base64EncodedString()
        counter = server.counters.counter
        lookAhead = server.lookAhead
        status = server.counters.status.rawValue
        failedAttempts = server.counters.failedAttempts
        maxFailedAttempts = server.counters.maxFailedAttempts
        fingerprint = ActivationFingerprint.v3(
            devicePublicKey: try ServerSignedData.publicKey(base64: server.devicePublicKey.base64EncodedString()),
            activationId: server.activationId,
            serverPublicKey: try ServerSignedData.publicKey(base64: server.serverPublicKey.base64EncodedString()))
        if reveal {
            var values = [
                "applicationSecret": server.applicationSecret,
                "serverPrivateKey": server.serverPrivateKey.base64EncodedString(),
                "masterPrivateKey": server.masterPrivateKey.base64EncodedString(),
            ]
            values["ctrData"] = server.counters.ctrData?.base64EncodedString()
            for (index, token) in server.tokens.enumerated() {
                values["token\(index)Id"] = token.id
                values["token\(index)Secret"] = token.secret.base64EncodedString()
            }
            secrets = values
        }
    }

    /// Labelled lines for people.
    var humanLines: [String] {
        var lines = [
            "\(kind.capitalized) activation \(TerminalText.escaped(activationId)) (\(TerminalText.escaped(path)))"
        ]
        func add(_ label: String, _ value: String?) {
            guard let value else { return }
            lines.append("  " + label.paddedWithSpaces(toLength: 22) + TerminalText.escaped(value))
        }
        add("protocol", protocolVersion)
        add("fingerprint", fingerprint)
        add("application key", applicationKey)
        add("server public key", serverPublicKey)
        add("device public key", devicePublicKey)
        add("master public key", masterServerPublicKey)
        add("counter", String(counter))
        add("unconfirmed codes", unconfirmedCodes.map { "\($0) of look-ahead \(lookAhead)" })
        add("look-ahead", kind == "server" ? String(lookAhead) : nil)
        add("biometry", biometry.map { $0 ? "yes" : "no" })
        add("status", status)
        add("removed", removed == true ? "yes: signs nothing more" : nil)
        add(
            "last server status",
            lastStatus.map {
                "\($0.status), \($0.failedAttempts) of \($0.maxFailedAttempts) failed, counter \($0.counterPosition)"
            })
        add("failed attempts", failedAttempts.map { "\($0) of \(maxFailedAttempts ?? 0)" })
        if let tokens {
            add("tokens", tokens.isEmpty ? "none" : nil)
            for token in tokens { add("token", "\(token.name)  \(token.tokenId)") }
        }
        for (key, value) in (secrets ?? [:]).sorted(by: { $0.key < $1.key }) { add(key, value) }
        if secrets == nil { lines.append("  (secrets hidden; --reveal shows them)") }
        return lines
    }
}
