import Foundation
import OfflineOperations
import PowerAuth
import Testing

/// Named MAC tokens in the device file (issue 12): `token` stays `possession_universal`, the others live in
/// `namedTokens`, absent in older files; stored and dropped by name in locked cycles; names checked.
@Suite("Device file: named tokens")
struct NamedTokenTests {
    static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("qrauth-tokens-\(UUID()).json").path
    }

    static func credential(_ id: String, byte: UInt8) -> TokenCredential {
        TokenCredential(id: id, secret: Data(repeating: byte, count: 16))
    }

    /// A fresh device file; removed when `body` ends.
    static func withDeviceFile<R>(_ body: (String, DeviceActivation) throws -> R) throws -> R {
        let device = try ActivationFactory.create(password: "1234", biometry: false).device
        let path = temporaryPath()
        defer {
            try? FileManager.default.removeItem(atPath: path)
            let lock = URL(fileURLWithPath: path).deletingLastPathComponent()
                .appendingPathComponent("." + URL(fileURLWithPath: path).lastPathComponent + ".lock").path
            try? FileManager.default.removeItem(atPath: lock)
        }
        try ActivationFile.write(device, to: path)
        return try body(path, device)
    }

    @Test("an older file (only token) loads: possession_universal is its token, no named ones, written unchanged")
    func olderFileLoads() throws {
        try Self.withDeviceFile { path, device in
            var old = device
            old.token = Self.credential("pu-id", byte: 1)
            try ActivationFile.write(old, to: path)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(!String(decoding: before, as: UTF8.self).contains("namedTokens"))
            let loaded = try ActivationFile<DeviceActivation>.read(path)
            #expect(loaded.namedTokens == nil)
            #expect(loaded.token(named: TokenName.possessionUniversal)?.id == "pu-id")
            #expect(loaded.token(named: "other") == nil)
            #expect(loaded.tokensByName.map(\.name) == ["possession_universal"])
            // A cycle that changes nothing else writes the same bytes.
            try DeviceTransactions(path: path).recordServerTimeOffset(0)
            try DeviceTransactions(path: path).recordServerTimeOffset(0)
            var expected = loaded
            expected.serverTimeOffsetMillis = 0
            #expect(try ActivationFile<DeviceActivation>.read(path) == expected)
            #expect(!(try String(contentsOfFile: path, encoding: .utf8)).contains("namedTokens"))
        }
    }

    @Test(
        "the token header carries the activation's protocol version (a 3.2 server refuses 3.3)",
        arguments: [
            ProtocolVersion.v32, .v33,
        ])
    func headerVersionFollowsTheActivation(version: ProtocolVersion) throws {
        let device = try ActivationFactory.create(password: "1234", biometry: false, protocolVersion: version).device
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try ActivationFile.write(device, to: path)
        let transactions = DeviceTransactions(path: path)
        let token = Self.credential("pu", byte: 7)
        try transactions.storeToken(token, activationId: device.activationId)
        let header = try #require(try transactions.tokenHeader(timestampMillis: 1_700_000_000_000))
        #expect(header.version == version)
        #expect(header.value.contains("version=\"\(version.rawValue)\""))
        #expect(try TokenDigest.verify(header, tokenSecret: token.secret, nowMillis: 1_700_000_000_000) == .valid)
    }

    @Test("store by name, round trip, header per name, drop one: the others stay; the last one leaves no key")
    func storeAndDropByName() throws {
        try Self.withDeviceFile { path, device in
            let transactions = DeviceTransactions(path: path)
            let universal = Self.credential("pu", byte: 1)
            let payments = Self.credential("pay", byte: 2)
            let chat = Self.credential("chat", byte: 3)
            try transactions.storeToken(universal, activationId: device.activationId)
            try transactions.storeToken(payments, named: "payments", activationId: device.activationId)
            try transactions.storeToken(chat, named: "chat ✓", activationId: device.activationId)
            let loaded = try ActivationFile<DeviceActivation>.read(path)
            #expect(loaded.token == universal)
            #expect(loaded.namedTokens == ["payments": payments, "chat ✓": chat])
            #expect(loaded.tokensByName.map(\.name) == ["chat ✓", "payments", "possession_universal"])

            for (name, token) in [("possession_universal", universal), ("payments", payments), ("chat ✓", chat)] {
                let header = try #require(try transactions.tokenHeader(named: name, timestampMillis: 1_700_000_000_000))
                #expect(header.tokenId == token.id)
                #expect(
                    try TokenDigest.verify(header, tokenSecret: token.secret, nowMillis: 1_700_000_000_000) == .valid)
                #expect(
                    try TokenDigest.verify(header, tokenSecret: Data(count: 16), nowMillis: 1_700_000_000_000) != .valid
                )
            }
            #expect(try transactions.tokenHeader(named: "nope", timestampMillis: 1_700_000_000_000) == nil)
            #expect(try transactions.tokenHeader(timestampMillis: 1_700_000_000_000)?.tokenId == "pu")

            // Replacing under a name keeps the others.
            let payments2 = Self.credential("pay2", byte: 4)
            try transactions.storeToken(payments2, named: "payments", activationId: device.activationId)
            #expect(try ActivationFile<DeviceActivation>.read(path).token(named: "payments") == payments2)

            // Dropping by id under another name does nothing; by id anywhere finds its name.
            #expect(try transactions.dropToken(id: "pay2", named: "chat ✓") == nil)
            #expect(try transactions.dropToken(id: "pay2") == "payments")
            #expect(try transactions.dropToken(id: "pay2") == nil)
            var after = try ActivationFile<DeviceActivation>.read(path)
            #expect(after.namedTokens == ["chat ✓": chat] && after.token == universal)
            #expect(try transactions.dropToken(id: "chat", named: "chat ✓") == "chat ✓")
            after = try ActivationFile<DeviceActivation>.read(path)
            #expect(after.namedTokens == nil && after.token == universal)
            #expect(!(try String(contentsOfFile: path, encoding: .utf8)).contains("namedTokens"))

            // Removal drops every token.
            try transactions.storeToken(chat, named: "chat", activationId: device.activationId)
            try transactions.markRemoved()
            let removed = try ActivationFile<DeviceActivation>.read(path)
            #expect(removed.token == nil && removed.namedTokens == nil)
            #expect(throws: PowerAuthError(.activationRemoved, "")) {
                try transactions.storeToken(chat, named: "chat", activationId: device.activationId)
            }
        }
    }

    @Test("store if absent: an empty slot takes the token; a slot a parallel run filled keeps its token, unchanged")
    func storeIfAbsent() throws {
        try Self.withDeviceFile { path, device in
            let transactions = DeviceTransactions(path: path)
            let first = Self.credential("first", byte: 1)
            let second = Self.credential("second", byte: 2)
            var empty = try ActivationFile<DeviceActivation>.read(path)
            empty.token = nil
            try ActivationFile.write(empty, to: path)
            #expect(try transactions.storeTokenIfAbsent(first, activationId: device.activationId) == nil)
            #expect(try ActivationFile<DeviceActivation>.read(path).token == first)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(try transactions.storeTokenIfAbsent(second, activationId: device.activationId) == first)
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
            #expect(try transactions.storeTokenIfAbsent(second, named: "pay", activationId: device.activationId) == nil)
            #expect(
                try transactions.storeTokenIfAbsent(first, named: "pay", activationId: device.activationId) == second)
            #expect(try ActivationFile<DeviceActivation>.read(path).namedTokens == ["pay": second])
        }
    }

    @Test(
        "bad names are refused before anything is stored",
        arguments: [
            "", String(repeating: "n", count: 65), "a\u{1B}[31mb", "line\nbreak", "tab\there", "\u{202E}rtl",
            "nul\u{0}", " leading", "trailing ", "zero\u{200B}width", "private\u{E000}",
        ])
    func badNames(_ name: String) throws {
        #expect(throws: PowerAuthError(.tokenName, "")) { try TokenName.validate(name) }
        try Self.withDeviceFile { path, device in
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(throws: PowerAuthError(.tokenName, "")) {
                try DeviceTransactions(path: path).storeToken(
                    Self.credential("x", byte: 1), named: name, activationId: device.activationId)
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }
    }

    @Test(
        "printable names of up to 64 characters are accepted",
        arguments: ["possession_universal", "a", "payments-ä", "名前", "with space", String(repeating: "é", count: 64)])
    func goodNames(_ name: String) throws {
        try TokenName.validate(name)
    }

    @Test("a file with a bad name, possession_universal or a duplicate key in namedTokens is refused")
    func badFiles() throws {
        try Self.withDeviceFile { path, device in
            var named = device
            named.namedTokens = ["a": Self.credential("a-id", byte: 1)]
            try ActivationFile.write(named, to: path)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains("\"namedTokens\" : {"))
            let entry = #""a" : {"id" : "b-id", "secret" : "AgICAgICAgICAgICAgICAg=="},"#
            for (bad, expected) in [
                (text.replacingOccurrences(of: "\"namedTokens\" : {", with: "\"namedTokens\" : {" + entry), "twice"),
                (
                    text.replacingOccurrences(of: "\"a\" : {", with: "\"possession_universal\" : {"),
                    "possession_universal"
                ),
                (text.replacingOccurrences(of: "\"a\" : {", with: "\"\\u001b\" : {"), "printable"),
                (text.replacingOccurrences(of: "\"a\" : {", with: "\"\" : {"), "empty"),
            ] {
                try Data(bad.utf8).write(to: URL(fileURLWithPath: path))
                #expect(bad != text)
                let error = try #require(throws: PowerAuthError.self) {
                    try ActivationFile<DeviceActivation>.read(path)
                }
                #expect(error.code == .activationFile)
                #expect(error.reason.contains(expected), "\(error.reason)")
            }
        }
    }

    @Test("at most 64 named tokens; replacing one at the limit still works")
    func countLimit() throws {
        var device = try ActivationFactory.create(password: "1234", biometry: false).device
        device.namedTokens = Dictionary(
            uniqueKeysWithValues: (0..<TokenName.maximumCount).map { ("t\($0)", Self.credential("id\($0)", byte: 1)) })
        try Self.withDeviceFile { path, _ in
            try ActivationFile.write(device, to: path)
            let transactions = DeviceTransactions(path: path)
            #expect(throws: PowerAuthError(.tokenName, "")) {
                try transactions.storeToken(
                    Self.credential("new", byte: 2), named: "one-more", activationId: device.activationId)
            }
            try transactions.storeToken(Self.credential("new", byte: 2), named: "t0", activationId: device.activationId)
            #expect(try ActivationFile<DeviceActivation>.read(path).token(named: "t0")?.id == "new")
        }
    }

    @Test("parallel stores under different names all survive (each one locked cycle)")
    func parallelStores() throws {
        try Self.withDeviceFile { path, device in
            let names = (0..<12).map { "token-\($0)" }
            DispatchQueue.concurrentPerform(iterations: names.count) { index in
                try? DeviceTransactions(path: path).storeToken(
                    Self.credential("id-\(index)", byte: UInt8(index)), named: names[index],
                    activationId: device.activationId)
            }
            let loaded = try ActivationFile<DeviceActivation>.read(path)
            #expect(Set(loaded.namedTokens?.keys ?? [:].keys) == Set(names))
            for (index, name) in names.enumerated() { #expect(loaded.token(named: name)?.id == "id-\(index)") }
        }
    }
}
