import FingerprintLists
import Foundation
import QRAuthCrypto
import QRAuthTestSupport
import Testing

@Suite("CertStore: validation, updates, persistence")
struct CertStoreTests {
    static let start: Int64 = 1_000_000_000
    static let url = URL(string: "https://pins.example.com/app/init?appName=demo")!
    let directory: URL
    let clock = TestClock(CertStoreTests.start)

    init() throws {
        directory = try TemporaryDirectory.make(prefix: "certstore")
    }

    func configuration(
        challenge: Bool = false, expected: [String]? = nil, identifier: String? = nil, fallback: Data? = nil
    ) throws -> CertStoreConfiguration {
        try CertStoreConfiguration(
            serviceURL: Self.url, publicKey: ListFactory.key.publicKey, useChallenge: challenge,
            expectedCommonNames: expected, identifier: identifier, fallbackCertificatesData: fallback)
    }

    func store(_ configuration: CertStoreConfiguration, _ fetcher: StubFetcher) -> CertStore {
        CertStore(
            configuration: configuration, fetcher: fetcher, storageDirectory: directory.path, clock: clock.function)
    }

    static func selfSigned(_ name: String = "second.example") throws -> X509Certificate {
        let directory = try OpenSSLTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try OpenSSLTool.makeCertificate(commonName: name, in: directory)
        return try X509Certificate(pemRepresentation: String(decoding: try Data(contentsOf: files.cert), as: UTF8.self))
    }

    // MARK: Validation results

    @Test(arguments: try ExtractedVectors.load().validation_decision_table.cases.indices)
    func upstreamDecisionTable(_ index: Int) async throws {
        let row = try ExtractedVectors.load().validation_decision_table.cases[index]
        let validUntil = Self.start + 1_000_000
        let expiredAt = Self.start + 10
        func entries(_ rows: [[String]]) -> [FingerprintEntry] {
            rows.map {
                ListFactory.entry($0[0], Fixtures.repeated($0[1])[0], $0[2] == "valid" ? validUntil : expiredAt)
            }
        }
        let fallback = row.fallback.map { ListFactory.fallbackData(entries($0)) }
        let stored = entries(row.store)
        let fetcher = StubFetcher { _ in try ListFactory.staticResponse(stored) }
        let store = store(try configuration(expected: row.expectedCN, fallback: fallback), fetcher)
        if !stored.isEmpty {
            #expect(await store.update().result == .ok)
        }
        clock.now = Self.start + 1_000
        let result = await store.validate(
            commonName: row.validate[0], fingerprint: Fixtures.repeated(row.validate[1]))
        #expect(result.rawValue == row.result)
    }

    @Test func expiryIsStrict() async throws {
        let entry = ListFactory.entry("api.example.com", 1, Self.start + 100)
        let store = store(try configuration(), StubFetcher { _ in try ListFactory.staticResponse([entry]) })
        #expect(await store.update().result == .ok)
        clock.now = entry.expires
        #expect(await store.validate(commonName: entry.name, fingerprint: entry.fingerprint) == .trusted)
        clock.now = entry.expires + 1
        #expect(await store.validate(commonName: entry.name, fingerprint: entry.fingerprint) == .empty)
    }

    @Test func certificatesAreValidatedByTheirDERFingerprint() async throws {
        let certificate = try X509Certificate(
            pemRepresentation: Fixtures.text("ssl-pinning-tool-test-www.google.com.pem"))
        clock.now = certificate.notAfter - 86_400
        let pinned = try CertificateChain([certificate]).entry()
        let store = store(try configuration(), StubFetcher { _ in try ListFactory.staticResponse([pinned]) })
        #expect(await store.update().result == .ok)
        #expect(await store.validate(commonName: "www.google.com", certificate: certificate) == .trusted)
        #expect(await store.validate(chain: [certificate]) == .trusted)
        #expect(
            await store.validate(commonName: "www.google.com", fingerprint: certificate.subjectPublicKeyInfoSHA256)
                == .untrusted)
        #expect(await store.validate(commonName: "google.com", certificate: certificate) == .empty)
    }

    @Test(.enabled(if: OpenSSLTool.isAvailable, "needs the openssl command line"))
    func challengeModeHonoursDepthAndDomainsConfig() async throws {
        let leaf = try X509Certificate(pemRepresentation: Fixtures.text("ssl-pinning-tool-test-www.google.com.pem"))
        let intermediate = try Self.selfSigned()
        clock.now = leaf.notAfter - 86_400
        let deep = try CertificateChain([leaf, intermediate]).entry(depth: 1, expires: leaf.notAfter)
        let domains =
            "{\"sslPinningRequiredForUnlisted\":true,\"domains\":[{\"name\":\"cdn.example.com\",\"sslPinningRequired\":false}]}"
        let body = ListFactory.challengeBody([deep], domains: domains)
        let fetcher = StubFetcher { request in try ListFactory.challengeResponse(body, for: request) }
        let store = store(try configuration(challenge: true), fetcher)
        #expect(await store.update().result == .ok)
        let request = try #require(fetcher.requests.first)
        #expect(ChallengeHeader.isAcceptedByServer(try #require(request.challenge)))
        #expect(request.headers["X-Cert-Pinning-Challenge"] == request.challenge)
        #expect(await store.validate(chain: [leaf, intermediate]) == .trusted)
        #expect(await store.validate(chain: [leaf]) == .empty)
        #expect(await store.validate(chain: [leaf, leaf]) == .untrusted)
        #expect(await store.validate(commonName: "www.google.com", certificate: leaf) == .empty)
        #expect(
            await store.validate(commonName: "www.google.com", fingerprint: intermediate.fingerprintSHA256, depth: 1)
                == .trusted)
        #expect(await store.validate(commonName: "cdn.example.com", fingerprint: Data(count: 32)) == .trusted)
        #expect(await store.validate(commonName: "other.example.com", fingerprint: Data(count: 32)) == .empty)
    }

    @Test func expectedNamesAreStoredButNeverTrusted() async throws {
        let wanted = ListFactory.entry("api.example.com", 1, Self.start + 100_000)
        let other = ListFactory.entry("other.example.com", 2, Self.start + 100_000)
        let fetcher = StubFetcher { _ in try ListFactory.staticResponse([wanted, other]) }
        let store = store(try configuration(expected: ["api.example.com"]), fetcher)
        #expect(await store.update().result == .ok)
        #expect(await store.storedEntries.count == 2)
        #expect(await store.validate(commonName: wanted.name, fingerprint: wanted.fingerprint) == .trusted)
        #expect(await store.validate(commonName: other.name, fingerprint: other.fingerprint) == .untrusted)
    }

    @Test func fallbackIsUsedButNeverPersistedOrCounted() async throws {
        let bundled = ListFactory.entry("api.example.com", 9, Self.start + 100_000)
        let fetcher = StubFetcher { _ in throw TransportFailure() }
        let config = try configuration(fallback: ListFactory.fallbackData([bundled]))
        let store = store(config, fetcher)
        #expect(await store.validate(commonName: bundled.name, fingerprint: bundled.fingerprint) == .trusted)
        #expect(await store.updateType(at: clock.now) == .direct)
        #expect(await store.update() == CertStoreUpdate(type: .direct, result: .networkError))
        #expect(await store.storedEntries.isEmpty)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.isEmpty)
    }

    // MARK: Updates

    @Test func blockingThenNothingThenSilent() async throws {
        let entry = ListFactory.entry("api.example.com", 1, Self.start + 365 * 86_400)
        let fetcher = StubFetcher { _ in try ListFactory.staticResponse([entry]) }
        let store = store(try configuration(), fetcher)
        #expect(await store.update() == CertStoreUpdate(type: .direct, result: .ok))
        #expect(await store.nextUpdate == Self.start + CertStoreConfiguration.defaultPeriodicUpdateInterval)
        #expect(await store.update() == CertStoreUpdate(type: .noUpdate, result: .ok))
        #expect(fetcher.requests.count == 1)
        // Due: silent; the caller gets .ok at once even though this download fails.
        clock.now = Self.start + CertStoreConfiguration.defaultPeriodicUpdateInterval + 1
        fetcher.answer { _ in FingerprintResponse(statusCode: 503, body: Data("down".utf8)) }
        #expect(await store.update() == CertStoreUpdate(type: .silent, result: .ok))
        #expect(await store.waitForBackgroundUpdate() == .networkError)
        #expect(await store.validate(commonName: entry.name, fingerprint: entry.fingerprint) == .trusted)
        // The failed silent update left the schedule due, so the next call tries again.
        fetcher.answer { _ in try ListFactory.staticResponse([entry]) }
        #expect(await store.update() == CertStoreUpdate(type: .silent, result: .ok))
        #expect(await store.waitForBackgroundUpdate() == .ok)
        #expect(await store.update() == CertStoreUpdate(type: .noUpdate, result: .ok))
        #expect(await store.update(mode: .forced) == CertStoreUpdate(type: .direct, result: .ok))
        #expect(fetcher.requests.count == 4)
    }

    @Test func allStoredEntriesExpiredMeansBlocking() async throws {
        let entry = ListFactory.entry("api.example.com", 1, Self.start + 100)
        let store = store(try configuration(), StubFetcher { _ in try ListFactory.staticResponse([entry]) })
        #expect(await store.update().result == .ok)
        clock.now = Self.start + 101
        #expect(await store.updateType(at: clock.now) == .direct)
        #expect(await store.update() == CertStoreUpdate(type: .direct, result: .storeIsEmpty))
    }

    @Test func schedulerComesSoonerNearExpiry() async throws {
        // Two weeks threshold: 10 days left → wait 10 days × 0.125.
        let entry = ListFactory.entry("api.example.com", 1, Self.start + 10 * 86_400)
        let store = store(try configuration(), StubFetcher { _ in try ListFactory.staticResponse([entry]) })
        #expect(await store.update().result == .ok)
        #expect(await store.nextUpdate == Self.start + 10 * 86_400 / 8)
    }

    @Test func anyBadSignatureRejectsTheWholeUpdate() async throws {
        let good = ListFactory.entry("api.example.com", 1, Self.start + 100_000)
        let fetcher = StubFetcher { _ in try ListFactory.staticResponse([good]) }
        let store = store(try configuration(), fetcher)
        #expect(await store.update().result == .ok)
        let renewed = ListFactory.entry("api.example.com", 2, Self.start + 200_000)
        var body = FingerprintList(entries: [try ListFactory.key.sign(renewed), try ListFactory.key.sign(good)])
        body.entries[1].expires += 1  // signature no longer covers it
        let tampered = body.encoded()
        fetcher.answer { _ in FingerprintResponse(statusCode: 200, body: tampered) }
        #expect(await store.update(mode: .forced).result == .invalidSignature)
        #expect(
            await store.storedEntries
                == [good].map { entry in
                    var e = entry; e.signature = nil; return e
                })
        #expect(await store.validate(commonName: renewed.name, fingerprint: renewed.fingerprint) == .untrusted)
    }

    @Test(arguments: [
        ("{}", UpdateResult.invalidData),
        ("{\"fingerprints\":[]}", .storeIsEmpty),
        ("not json", .invalidData),
        (
            "{\"fingerprints\":[{\"name\":\"a\",\"fingerprint\":\"AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=\",\"expires\":4102444800}]}",
            .invalidData
        ),
        (
            "{\"fingerprints\":[{\"name\":\"a\",\"fingerprint\":\"AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=\",\"expires\":4102444800,\"signature\":\"uSt9XLGj//Koi3WY5opsZqbTfN5wXNFMPPpuEb6F33+iuQf8/rHshgFBvo9+puPHKvNpRQ1rbTzQg01jenZfrA==\"}]}",
            .invalidSignature
        ),
    ])
    func rejectedStaticBodies(_ body: String, _ expected: UpdateResult) async throws {
        let store = store(
            try configuration(), StubFetcher { _ in FingerprintResponse(statusCode: 200, body: Data(body.utf8)) })
        #expect(await store.update().result == expected)
        #expect(await store.storedEntries.isEmpty)
    }

    @Test func unsignedFieldsInAStaticListAreInvalidData() async throws {
        let entry = ListFactory.entry("api.example.com", 1, Self.start + 100_000)
        let signed = try ListFactory.key.sign(entry)
        let body =
            "{\"fingerprints\":[{\"name\":\"api.example.com\",\"fingerprint\":\"\(entry.fingerprint.base64EncodedString())\","
            + "\"expires\":\(entry.expires),\"depth\":1,\"signature\":\"\(signed.signature!.base64EncodedString())\"}]}"
        let store = store(
            try configuration(), StubFetcher { _ in FingerprintResponse(statusCode: 200, body: Data(body.utf8)) })
        #expect(await store.update().result == .invalidData)
    }

    @Test func networkFailures() async throws {
        let failing = store(try configuration(), StubFetcher { _ in throw TransportFailure() })
        #expect(await failing.update().result == .networkError)
        let notFound = store(
            try configuration(identifier: "b"),
            StubFetcher { _ in FingerprintResponse(statusCode: 404, body: Data("{}".utf8)) })
        #expect(await notFound.update().result == .networkError)
        let empty = store(
            try configuration(identifier: "c"), StubFetcher { _ in FingerprintResponse(statusCode: 200, body: Data()) })
        #expect(await empty.update().result == .networkError)
    }

    @Test func challengeSignatureProblemsAreInvalidSignature() async throws {
        let entry = ListFactory.entry("api.example.com", 1, Self.start + 100_000)
        let body = ListFactory.challengeBody([entry])
        let fetcher = StubFetcher { _ in FingerprintResponse(statusCode: 200, body: body) }
        let store = store(try configuration(challenge: true), fetcher)
        #expect(await store.update().result == .invalidSignature)  // no header
        fetcher.answer { request in
            // Signed for another challenge.
            var other = request
            other.challenge = ChallengeHeader.generate()
            return try ListFactory.challengeResponse(body, for: other)
        }
        #expect(await store.update().result == .invalidSignature)
        fetcher.answer { _ in
            FingerprintResponse(statusCode: 200, headers: ["x-cert-pinning-signature": "%%%"], body: body)
        }
        #expect(await store.update().result == .invalidSignature)
        fetcher.answer { request in try ListFactory.challengeResponse(Data("{}".utf8), for: request) }
        #expect(await store.update().result == .invalidData)
        fetcher.answer { request in try ListFactory.challengeResponse(body, for: request) }
        #expect(await store.update().result == .ok)
        #expect(await store.validate(commonName: entry.name, fingerprint: entry.fingerprint) == .trusted)
    }

    @Test func updatesReplaceRatherThanMerge() async throws {
        let old = ListFactory.entry("api.example.com", 1, Self.start + 100_000)
        let new = ListFactory.entry("api.example.com", 2, Self.start + 200_000)
        let fetcher = StubFetcher { _ in try ListFactory.staticResponse([old, old]) }
        let store = store(try configuration(), fetcher)
        #expect(await store.update().result == .ok)
        #expect(await store.storedEntries.count == 1)
        fetcher.answer { _ in try ListFactory.staticResponse([new]) }
        #expect(await store.update(mode: .forced).result == .ok)
        #expect(await store.validate(commonName: old.name, fingerprint: old.fingerprint) == .untrusted)
        #expect(await store.validate(commonName: new.name, fingerprint: new.fingerprint) == .trusted)
    }

    // MARK: Persistence

    @Test func persistedPerIdentifierWithOwnerOnlyPermissions() async throws {
        let entry = ListFactory.entry("api.example.com", 1, Self.start + 100_000)
        let fetcher = StubFetcher { _ in try ListFactory.staticResponse([entry]) }
        let first = store(try configuration(identifier: "bank"), fetcher)
        #expect(await first.update().result == .ok)
        let again = store(try configuration(identifier: "bank"), StubFetcher { _ in throw TransportFailure() })
        #expect(await again.validate(commonName: entry.name, fingerprint: entry.fingerprint) == .trusted)
        #expect(await again.update() == CertStoreUpdate(type: .noUpdate, result: .ok))
        let other = store(try configuration(identifier: "other"), fetcher)
        #expect(await other.validate(commonName: entry.name, fingerprint: entry.fingerprint) == .empty)
        let path = directory.appendingPathComponent("bank.certstore.json").path
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        await again.reset()
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aStoreFileNamingAKeyTwiceCountsAsNoStore() async throws {
        let entry = ListFactory.entry("api.example.com", 1, Self.start + 100_000)
        let first = store(try configuration(), StubFetcher { _ in try ListFactory.staticResponse([entry]) })
        #expect(await first.update().result == .ok)
        let path = directory.appendingPathComponent("default.certstore.json")
        let committed = try String(decoding: Data(contentsOf: path), as: UTF8.self)
        #expect(committed.hasPrefix("{\"certificates\":["))
        // An empty list first, the real one second: a last-wins decoder would trust the entry.
        try Data(("{\"certificates\":[]," + committed.dropFirst()).utf8).write(to: path)
        let reread = store(try configuration(), StubFetcher { _ in throw TransportFailure() })
        #expect(await reread.validate(commonName: entry.name, fingerprint: entry.fingerprint) == .empty)
    }

    @Test func aCrashLeavesTheOldOrTheNewStoreNeverABrokenOne() async throws {
        let entry = ListFactory.entry("api.example.com", 1, Self.start + 100_000)
        let first = store(try configuration(), StubFetcher { _ in try ListFactory.staticResponse([entry]) })
        #expect(await first.update().result == .ok)
        let path = directory.appendingPathComponent("default.certstore.json")
        let committed = try Data(contentsOf: path)
        // A crash during a later write leaves a half-written temporary file next to the store.
        let partial = directory.appendingPathComponent(".default.certstore.json.tmp-AbC123")
        try committed.prefix(committed.count / 2).write(to: partial)
        let afterCrash = store(try configuration(), StubFetcher { _ in throw TransportFailure() })
        #expect(await afterCrash.validate(commonName: entry.name, fingerprint: entry.fingerprint) == .trusted)
        // A store file that is itself damaged counts as no store: blocking update, no crash.
        try committed.prefix(committed.count / 2).write(to: path)
        let damaged = store(try configuration(), StubFetcher { _ in try ListFactory.staticResponse([entry]) })
        #expect(await damaged.updateType(at: clock.now) == .direct)
        #expect(await damaged.update().result == .ok)
        #expect(try Data(contentsOf: path).count == committed.count)
    }

    @Test func configurationIsChecked() throws {
        let key = ListFactory.key.publicKey
        #expect(throws: FingerprintListError(.invalidConfiguration, "")) {
            try CertStoreConfiguration(serviceURL: Self.url, publicKey: key, periodicUpdateInterval: -1)
        }
        #expect(throws: FingerprintListError(.invalidConfiguration, "")) {
            try CertStoreConfiguration(serviceURL: Self.url, publicKey: key, identifier: "../escape")
        }
        #expect(throws: FingerprintListError.self) {
            try CertStoreConfiguration(serviceURL: Self.url, publicKey: key, fallbackCertificatesData: Data("{".utf8))
        }
        let defaults = try CertStoreConfiguration(serviceURL: Self.url, publicKey: key)
        #expect(defaults.periodicUpdateInterval == 604_800)
        #expect(defaults.expirationUpdateThreshold == 1_209_600)
        #expect(defaults.storageKey == "default")
        #expect(defaults.tlsValidation == .default)
        #expect(!defaults.useChallenge)
    }
}
