import QRAuthEncoding

extension OfflineOperation: Encodable {
    private enum Keys: String, CodingKey {
        case operationId, title, message, operationData, flags, totp, extraAttributes, nonce, signingKey, signature
        case signatureLength, signedData, dataForOfflineSigning, rawLines, isNewerFormat, lineCount
    }

    /// The `--json` shape: every field, `signedData` as Base64, `dataForOfflineSigning` as text, nulls written out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(operationId, forKey: .operationId)
        try container.encode(title, forKey: .title)
        try container.encode(message, forKey: .message)
        try container.encode(data, forKey: .operationData)
        try container.encode(flags, forKey: .flags)
        try container.encode(totp, forKey: .totp)
        try container.encode(extraAttributes, forKey: .extraAttributes)
        try container.encode(nonce, forKey: .nonce)
        try container.encode(signingKey.rawValue, forKey: .signingKey)
        try container.encode(signatureBase64, forKey: .signature)
        try container.encode(signature.count, forKey: .signatureLength)
        try container.encode(StrictBase64.encode(signedData), forKey: .signedData)
        try container.encode(String(decoding: dataForOfflineSigning, as: UTF8.self), forKey: .dataForOfflineSigning)
        try container.encode(rawLines, forKey: .rawLines)
        try container.encode(isNewerFormat, forKey: .isNewerFormat)
        try container.encode(rawLines.count, forKey: .lineCount)
    }
}

extension OfflineOperation.Flags: Encodable {
    private enum Keys: String, CodingKey {
        case raw, allowBiometryFactor, flipButtons, fraudWarning, blockWhenOnCall, unknown
    }

    /// The raw line, the four known meanings (named as in the SDK) and the unknown letters.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(rawValue, forKey: .raw)
        try container.encode(allowsBiometry, forKey: .allowBiometryFactor)
        try container.encode(flipsButtons, forKey: .flipButtons)
        try container.encode(showsFraudWarning, forKey: .fraudWarning)
        try container.encode(blocksWhenOnCall, forKey: .blockWhenOnCall)
        try container.encode(String(unknown), forKey: .unknown)
    }
}

extension OperationData: Encodable {
    private enum Keys: String, CodingKey {
        case version, versionLetter, templateId, sourceString, fields
    }

    /// The vector files' shape (`version` is `v1` or `vX`), plus the version letter.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(version.rawValue, forKey: .version)
        try container.encode(String(versionLetter), forKey: .versionLetter)
        try container.encode(templateId, forKey: .templateId)
        try container.encode(sourceString, forKey: .sourceString)
        try container.encode(fields, forKey: .fields)
    }
}

extension OperationDataField: Encodable {
    private enum Keys: String, CodingKey {
        case type, amount, value, currency, display, iban, bic, account, date, text, fieldType
    }

    /// The vector files' field shape (`{type:"amount", amount, currency}` …) with a few readable extras.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch self {
        case .amount(let amount):
            try container.encode("amount", forKey: .type)
            try container.encode(amount.decimalString, forKey: .amount)
            try container.encode(amount.value, forKey: .value)
            try container.encode(amount.currency, forKey: .currency)
            try container.encode(amount.displayString, forKey: .display)
        case .account(let iban, let bic):
            try container.encode("account", forKey: .type)
            try container.encode(iban, forKey: .iban)
            try container.encode(bic, forKey: .bic)
        case .anyAccount(let account):
            try container.encode("anyAccount", forKey: .type)
            try container.encode(account, forKey: .account)
        case .date(let date):
            try container.encode("date", forKey: .type)
            try container.encode(date.isoString, forKey: .date)
        case .reference(let text), .note(let text), .text(let text):
            try container.encode(kindName, forKey: .type)
            try container.encode(text, forKey: .text)
        case .fallback(let type, let text):
            try container.encode("fallback", forKey: .type)
            try container.encode(String(type), forKey: .fieldType)
            try container.encode(text, forKey: .text)
        case .empty:
            try container.encode("empty", forKey: .type)
        }
    }

    /// The kind's name as in the iOS SDK and the vector files (`amount`, `anyAccount`, `fallback`…).
    public var kindName: String {
        switch self {
        case .amount: "amount"
        case .account: "account"
        case .anyAccount: "anyAccount"
        case .date: "date"
        case .reference: "reference"
        case .note: "note"
        case .text: "text"
        case .fallback: "fallback"
        case .empty: "empty"
        }
    }
}
