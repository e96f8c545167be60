import FoundationEssentials

extension CertStore {
    /// Updates the store. With `.default`: a blocking download when there is no usable stored data
    /// (fallback entries do not count), a silent background download when the schedule is due, and
    /// nothing otherwise. `.forced` always blocks. `now` is read once for the whole operation.
    public func update(mode: UpdateMode = .default) async -> CertStoreUpdate {
        loadIfNeeded()
        let now = clock()
        let type = mode == .forced ? UpdateType.direct : updateType(at: now)
        switch type {
        case .direct:
            return CertStoreUpdate(type: .direct, result: await download(now: now))
        case .silent:
            if !backgroundUpdateRunning {
                backgroundUpdateRunning = true
                backgroundUpdate = Task { await self.runBackgroundUpdate(now: now) }
            }
            return CertStoreUpdate(type: .silent, result: .ok)
        case .noUpdate:
            return CertStoreUpdate(type: .noUpdate, result: .ok)
        }
    }

    /// Waits for the latest silent update and returns its (otherwise discarded) result.
    public func waitForBackgroundUpdate() async -> UpdateResult? {
        guard let task = backgroundUpdate else { return nil }
        return await task.value
    }

    /// The SDKs' update decision at `now`: direct, silent or none.
    public func updateType(at now: Int64) -> UpdateType {
        loadIfNeeded()
        guard let cache, cache.entries.contains(where: { !$0.isExpired(at: now) }) else { return .direct }
        return cache.nextUpdate < now ? .silent : .noUpdate
    }

    private func runBackgroundUpdate(now: Int64) async -> UpdateResult {
        let result = await download(now: now)
        backgroundUpdateRunning = false
        return result
    }

    /// Downloads, verifies and (when valid) replaces the stored pins.
    func download(now: Int64) async -> UpdateResult {
        let challenge = configuration.useChallenge ? ChallengeHeader.generate() : nil
        let request = FingerprintRequest(
            serviceURL: configuration.serviceURL, challenge: challenge, tlsValidation: configuration.tlsValidation)
        let response: FingerprintResponse
        do {
            response = try await fetcher.fetch(request)
        } catch {
            return .networkError
        }
        guard (200..<300).contains(response.statusCode), !response.body.isEmpty else { return .networkError }
        let received: (entries: [FingerprintEntry], domains: DomainsConfig?)
        switch process(response, challenge: challenge) {
        case .success(let value): received = value
        case .failure(let failure): return failure.result
        }
        // Replace, do not merge: a pin removed from the server list stops being trusted now.
        var accepted: [FingerprintEntry] = []
        for entry in received.entries where !entry.isExpired(at: now) {
            guard !accepted.contains(where: { $0.isSamePin(as: entry) }) else { continue }
            var stored = entry
            stored.signature = nil
            accepted.append(stored)
        }
        guard !accepted.isEmpty else { return .storeIsEmpty }
        accepted.sort(by: FingerprintEntry.clientOrder)
        let next = scheduler.nextUpdate(for: accepted, now: now)
        persist(CachedData(entries: accepted, nextUpdate: next, domainsConfig: received.domains))
        return .ok
    }

    /// Verifies a response and returns its entries, or the update result that rejects it.
    private func process(
        _ response: FingerprintResponse, challenge: String?
    )
        -> Result<(entries: [FingerprintEntry], domains: DomainsConfig?), UpdateResultFailure>
    {
        let publicKey = configuration.publicKey
        if let challenge {
            guard let signature = response.headers[ChallengeHeader.signatureHeader.lowercased()] else {
                return .failure(UpdateResultFailure(.invalidSignature))
            }
            do {
                switch try ChallengeResponse.verify(
                    body: response.body, challenge: challenge, signature: signature, publicKey: publicKey)
                {
                case .invalidSignature: return .failure(UpdateResultFailure(.invalidSignature))
                case .valid(let body): return .success((body.entries, body.domainsConfig))
                }
            } catch {
                let result: UpdateResult = error.code == .invalidSignatureEncoding ? .invalidSignature : .invalidData
                return .failure(UpdateResultFailure(result))
            }
        }
        let list: FingerprintList
        do {
            list = try FingerprintList.decode(response.body)
        } catch {
            let result: UpdateResult = error.code == .invalidSignatureEncoding ? .invalidSignature : .invalidData
            return .failure(UpdateResultFailure(result))
        }
        // Paranoid like the clients, and stricter: every entry (expired ones too) must verify.
        let verdicts = FingerprintListVerifier(publicKey: publicKey).verifySignatures(list.entries)
        guard verdicts.allSatisfy({ $0 == .valid }) else { return .failure(UpdateResultFailure(.invalidSignature)) }
        return .success((list.entries, nil))
    }
}

/// An `UpdateResult` carried as the failure of a `Result`.
struct UpdateResultFailure: Error {
    let result: UpdateResult

    init(_ result: UpdateResult) {
        self.result = result
    }
}
