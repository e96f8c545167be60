import QRAuthEncoding

public import struct FoundationEssentials.Data

/// Builds an offline operation string from fields, the generator side of the format.
///
/// `bytesToSign(signingKey:)` gives exactly what the server signs; `operationString(signingKey:signature:)`
/// appends the key indicator's Base64 signature. Values the SDK grammar cannot carry unchanged (a
/// backslash followed by `n`, a text field ending in `\` before another field, a line ending in CR…)
/// are refused with `operation.unrepresentable`, so `OfflineOperation(built)` always reads back the
/// same values.
public struct OfflineOperationBuilder: Equatable, Hashable, Sendable {
    /// Line 1, non-empty.
    public var operationId: String
    /// The title, unescaped (escaped when written).
    public var title: String
    /// The message, unescaped.
    public var message: String
    /// The operation data version letter, `A`–`Z`.
    public var versionLetter: Character
    /// The operation data template, 0–99.
    public var templateId: Int
    /// The operation data fields, at most 6.
    public var fields: [OperationDataField]
    /// The flags line.
    public var flags: OfflineOperation.Flags
    /// The proximity TOTP line (nil for a 7-line payload; may be empty).
    public var totp: String?
    /// Future attribute lines written after the TOTP (needs a TOTP line).
    public var extraAttributes: [String]
    /// The nonce as Base64 text (16 bytes once decoded).
    public var nonce: String

    /// Makes a builder; `nonce` is the 16 nonce bytes (encoded as canonical Base64).
    public init(
        operationId: String, title: String, message: String, versionLetter: Character = "A", templateId: Int,
        fields: [OperationDataField], flags: OfflineOperation.Flags = .init(rawValue: ""), totp: String? = nil,
        extraAttributes: [String] = [], nonce: Data
    ) {
        self.operationId = operationId
        self.title = title
        self.message = message
        self.versionLetter = versionLetter
        self.templateId = templateId
        self.fields = fields
        self.flags = flags
        self.totp = totp
        self.extraAttributes = extraAttributes
        self.nonce = StrictBase64.encode(nonce)
    }

    /// Takes every value of a parsed operation (the data line is re-serialised from its fields).
    public init(_ operation: OfflineOperation) {
        operationId = operation.operationId
        title = operation.title
        message = operation.message
        versionLetter = operation.data.versionLetter
        templateId = operation.data.templateId
        fields = operation.data.fields
        flags = operation.flags
        totp = operation.totp
        extraAttributes = operation.extraAttributes
        nonce = operation.nonce
    }

    /// The operation data line, escaped (`{VERSION}{TEMPLATE}*{FIELD}…`).
    public func operationDataLine() throws(OfflineOperationError) -> String {
        guard versionLetter >= "A", versionLetter <= "Z" else {
            throw unrepresentable(
                "operation data version must be a letter A-Z, got \(String(versionLetter).quotedForError)")
        }
        guard (0...99).contains(templateId) else {
            throw unrepresentable("operation data template must be 0-99, got \(templateId)")
        }
        guard fields.count <= OperationData.maximumFields else {
            throw unrepresentable("\(fields.count) operation data fields, at most \(OperationData.maximumFields)")
        }
        let header = String(versionLetter) + String(templateId)
        var written: [String] = []
        for (offset, field) in fields.enumerated() {
            written.append(try check(field, number: offset + 1, isLast: offset == fields.count - 1))
        }
        let line = ([header] + written).joined(separator: "*")
        guard OperationText.splitFields(line) == [header] + fields.map({ $0.written(escapingAsterisks: false) }) else {
            throw unrepresentable("the operation data fields would not split back into the same fields")
        }
        try checkLine(line, name: "operation data")
        return line
    }

    /// The body lines before the nonce: id, title, message, data, flags, then TOTP and extra attributes.
    public func bodyLines() throws(OfflineOperationError) -> [String] {
        guard !operationId.isEmpty else { throw unrepresentable("the operation id must not be empty") }
        try checkLine(operationId, name: "operation id")
        var lines = [
            operationId, try escapedText(title, name: "title"), try escapedText(message, name: "message"),
            try operationDataLine(), flags.rawValue,
        ]
        try checkLine(flags.rawValue, name: "flags")
        if let totp {
            try checkLine(totp, name: "TOTP")
            lines.append(totp)
        }
        if !extraAttributes.isEmpty {
            guard totp != nil else {
                throw unrepresentable("extra attributes need a TOTP line (line 6 is always read as the TOTP)")
            }
            for attribute in extraAttributes {
                try checkLine(attribute, name: "extra attribute")
                lines.append(attribute)
            }
        }
        return lines
    }

    /// Exactly the bytes the server signs: the body, the nonce and the key indicator, LF-separated.
    public func bytesToSign(signingKey: OfflineOperation.SigningKey) throws(OfflineOperationError) -> Data {
        Data(try unsignedText(signingKey: signingKey).utf8)
    }

    /// The complete operation string: the signed text followed by the Base64 signature (DER, or the 32-byte tag of key
    /// `2`).
    public func operationString(
        signingKey: OfflineOperation.SigningKey, signature: Data
    ) throws(OfflineOperationError)
        -> String
    {
        guard signingKey.signatureLengths.contains(signature.count) else {
            throw unrepresentable(
                "the signature must be \(OfflineOperationParser.describe(signingKey.signatureLengths)) bytes, got \(signature.count)"
            )
        }
        return try unsignedText(signingKey: signingKey) + StrictBase64.encode(signature)
    }

    private func unsignedText(signingKey: OfflineOperation.SigningKey) throws(OfflineOperationError) -> String {
        guard let nonceBytes = StrictBase64.decode(nonce), nonceBytes.count == OfflineOperationParser.nonceLength else {
            throw unrepresentable("the nonce must be Base64 of 16 bytes, got \(nonce.quotedForError)")
        }
        return (try bodyLines() + [nonce, String(signingKey.indicator)]).joined(separator: "\n")
    }

    private func unrepresentable(_ reason: String) -> OfflineOperationError {
        OfflineOperationError(.unrepresentable, "cannot build the offline operation: \(reason)")
    }

    /// A line must hold no LF and must not end in CR (CR LF is one character and would hide the separator).
    private func checkLine(_ line: String, name: String) throws(OfflineOperationError) {
        if line.unicodeScalars.contains("\n") {
            throw unrepresentable("the \(name) must not contain a line feed")
        }
        if line.unicodeScalars.last == "\r" {
            throw unrepresentable("the \(name) must not end with a carriage return")
        }
    }

    private func escapedText(_ text: String, name: String) throws(OfflineOperationError) -> String {
        try checkBackslashN(text, name: name)
        let escaped = OperationText.escapeAttribute(text)
        guard OperationText.unescape(escaped) == text else {
            throw unrepresentable("the \(name) would not read back unchanged after escaping")
        }
        try checkLine(escaped, name: name)
        return escaped
    }

    private func checkBackslashN(_ text: String, name: String) throws(OfflineOperationError) {
        let characters = Array(text)
        for index in characters.indices.dropLast() where characters[index] == "\\" && characters[index + 1] == "n" {
            throw unrepresentable(
                "the \(name) contains a backslash followed by 'n', which the SDKs read as a backslash and a line feed")
        }
    }

    /// Writes one field, checking it reads back as itself.
    private func check(_ field: OperationDataField, number: Int, isLast: Bool) throws(OfflineOperationError) -> String {
        let name = "field \(number)"
        var text: String?
        switch field {
        case .amount(let amount):
            guard OperationAmount.isDecimal(amount.value) else {
                throw unrepresentable("\(name) (amount): \(amount.value.quotedForError) is not a decimal number")
            }
            guard amount.currency.count == 3, amount.currency.uppercased() == amount.currency else {
                throw unrepresentable(
                    "\(name) (amount): the currency must be 3 upper-case characters, got \(amount.currency.quotedForError)"
                )
            }
        case .account(let iban, let bic):
            for part in [iban] + (bic.map { [$0] } ?? [])
            where part.isEmpty
                || !part.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || ("A"..."Z").contains($0) })
            {
                throw unrepresentable("\(name) (account): \(part.quotedForError) must be non-empty A-Z and 0-9 only")
            }
        case .date, .empty:
            break
        case .anyAccount(let value), .reference(let value), .note(let value), .text(let value):
            text = value
        case .fallback(let type, let value):
            guard !OperationDataField.knownTypes.contains(type), type != "*", type != "\\", type != "\n" else {
                throw unrepresentable("\(name): \(String(type).quotedForError) cannot be a fallback type character")
            }
            text = value
        }
        let written = field.serialized
        if let type = field.typeCharacter, written.first != type {
            throw unrepresentable(
                "\(name): the text would merge with its type character \(String(type).quotedForError)")
        }
        if let text {
            try checkBackslashN(text, name: name)
            guard OperationText.unescape(String(field.written(escapingAsterisks: false).dropFirst())) == text else {
                throw unrepresentable("\(name): the text would not read back unchanged after escaping")
            }
            if !isLast, written.last == "\\" {
                throw unrepresentable(
                    "\(name): a text ending in a backslash merges with the next field in both SDKs (only the last field may)"
                )
            }
        }
        return written
    }
}
