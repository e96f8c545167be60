extension DeviceActivation {
    /// The token stored under `name`: `token` for `possession_universal`, else the named one; nil when none.
    public func token(named name: String) -> TokenCredential? {
        name == TokenName.possessionUniversal ? token : namedTokens?[name]
    }

    /// Every token the file holds with its name, sorted by name (`possession_universal` included when present).
    public var tokensByName: [(name: String, token: TokenCredential)] {
        var all = (namedTokens ?? [:]).map { (name: $0.key, token: $0.value) }
        if let token { all.append((TokenName.possessionUniversal, token)) }
        return all.sorted { $0.name < $1.name }
    }

    /// Stores (or, with nil, drops) the token under `name`; the named map is left out of the file when empty, so a
    /// file without named tokens stays as older versions wrote it.
    package mutating func setToken(_ credential: TokenCredential?, named name: String) throws(PowerAuthError) {
        try TokenName.validate(name)
        if name == TokenName.possessionUniversal {
            token = credential
            return
        }
        var named = namedTokens ?? [:]
        if credential != nil, named[name] == nil, named.count >= TokenName.maximumCount {
            throw PowerAuthError(
                .tokenName, "the device file already keeps \(TokenName.maximumCount) named tokens; remove one first")
        }
        named[name] = credential
        namedTokens = named.isEmpty ? nil : named
    }

    /// Drops the token `id` wherever the file keeps it (under `name` only, when given); returns its name, or nil
    /// when the file no longer holds it.
    @discardableResult
    package mutating func dropToken(id: String, named name: String? = nil) -> String? {
        guard let found = tokensByName.first(where: { $0.token.id == id && (name == nil || $0.name == name) }) else {
            return nil
        }
        if found.name == TokenName.possessionUniversal {
            token = nil
        } else {
            namedTokens?[found.name] = nil
            if namedTokens?.isEmpty == true { namedTokens = nil }
        }
        return found.name
    }

    /// Checks the named tokens after reading a file: valid names, none called `possession_universal`, not too many.
    func validateTokens() throws(PowerAuthError) {
        guard let namedTokens else { return }
        guard namedTokens.count <= TokenName.maximumCount else {
            throw PowerAuthError(
                .activationFile, "namedTokens holds \(namedTokens.count) tokens (at most \(TokenName.maximumCount))")
        }
        for name in namedTokens.keys.sorted() {
            do {
                try TokenName.validate(name)
            } catch {
                throw PowerAuthError(.activationFile, "namedTokens: \(error.reason)")
            }
            guard name != TokenName.possessionUniversal else {
                throw PowerAuthError(.activationFile, "namedTokens must not hold possession_universal (that is token)")
            }
        }
    }
}
