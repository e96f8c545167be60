public import FoundationEssentials
import QRAuthFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A faithful re-implementation of Wultra's certificate store: it downloads and verifies the
/// fingerprint list, keeps the accepted pins on disk (atomically, one file per identifier), and
/// answers whether a server certificate is trusted.
///
/// Time comes from the injected `clock` (Unix seconds) and the list from the injected fetcher.
public actor CertStore {
    /// The configuration.
    public let configuration: CertStoreConfiguration
    let fetcher: any FingerprintFetcher
    let clock: @Sendable () -> Int64
    let storagePath: String?
    let scheduler: UpdateScheduler

    /// The persisted data; loaded lazily on first use, nil when there is none.
    var cache: CachedData?
    var loaded = false
    /// The latest silent update.
    var backgroundUpdate: Task<UpdateResult, Never>?
    /// Whether a silent update is still running (so only one runs at a time).
    var backgroundUpdateRunning = false
    /// The last failure to write the store file, if the latest write failed.
    public private(set) var lastStorageError: FingerprintListError?

    /// Makes a store that keeps its file in `storageDirectory` (created if missing); with nil it
    /// keeps its data in memory only.
    public init(
        configuration: CertStoreConfiguration,
        fetcher: any FingerprintFetcher,
        storageDirectory: String?,
        clock: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) }
    ) {
        self.configuration = configuration
        self.fetcher = fetcher
        self.clock = clock
        self.storagePath = storageDirectory.map { $0 + "/" + configuration.storageKey + ".certstore.json" }
        self.scheduler = UpdateScheduler(
            periodicUpdateInterval: configuration.periodicUpdateInterval,
            expirationUpdateThreshold: configuration.expirationUpdateThreshold)
    }

    /// The stored (downloaded) pins, without fallback entries.
    public var storedEntries: [FingerprintEntry] {
        loadIfNeeded()
        return cache?.entries ?? []
    }

    /// When the store plans its next update, or nil with no data.
    public var nextUpdate: Int64? {
        loadIfNeeded()
        return cache?.nextUpdate
    }

    /// Deletes the stored data and forgets it (debugging and tests).
    public func reset() {
        cache = nil
        loaded = true
        if let storagePath { unlink(storagePath) }
    }

    func loadIfNeeded() {
        guard !loaded else { return }
        loaded = true
        guard let storagePath, let data = try? FileInput.read(storagePath, limit: 16 << 20) else { return }
        cache = CachedData.decode(data)
    }

    func persist(_ data: CachedData) {
        cache = data
        loaded = true
        guard let storagePath else { return }
        do {
            let directory = Self.parentDirectory(storagePath)
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try AtomicFile.writeState(data.encoded(), to: storagePath, mode: AtomicFile.secretMode)
            lastStorageError = nil
        } catch {
            lastStorageError = FingerprintListError(.storage, "cannot write \(storagePath): \(error)")
        }
    }
}

extension CertStore {
    /// The folder part of `path`, as `NSString.deletingLastPathComponent` gives it ("" for a bare name).
    fileprivate static func parentDirectory(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
