import QRAuthEncoding

import struct FoundationEssentials.Data

/// The iOS SDK's parsing order: line count, id, signature, nonce, operation data.
enum OfflineOperationParser {
    /// A length range as the error messages write it: `32` or `64-255`.
    static func describe(_ range: ClosedRange<Int>) -> String {
        range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound)-\(range.upperBound)"
    }
    /// The decoded nonce length.
    static let nonceLength = 16

    static func parse(_ text: String) throws(OfflineOperationError) -> OfflineOperation {
        // Split on the LF Character: a CR LF pair is one Character and is not a separator (iOS-exact).
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= OfflineOperation.minimumLines else {
            let crlf = text.unicodeScalars.contains("\r") ? " (CR LF is not a line separator; use LF only)" : ""
            throw OfflineOperationError(
                .tooFewLines,
                "the offline operation has \(lines.count) line\(lines.count == 1 ? "" : "s"), at least 7 are needed\(crlf)"
            )
        }
        let count = lines.count
        guard !lines[0].isEmpty else {
            throw OfflineOperationError(.missingOperationId, "line 1 (operation id): must not be empty", line: 1)
        }

        let last = lines[count - 1]
        let signatureLine = count
        guard let indicator = last.first, let signingKey = OfflineOperation.SigningKey(indicator: indicator) else {
            let got = last.isEmpty ? "an empty line" : String(last.prefix(1)).quotedForError
            throw OfflineOperationError(
                .signingKey,
                "line \(signatureLine) (signature): must start with the key indicator 0 (master), 1 (personalized) or 2 (personalized MAC), got \(got)",
                line: signatureLine)
        }
        let signatureText = String(last.dropFirst())
        let signature: Data
        switch StrictBase64.decodeOrExplain(signatureText) {
        case .failure(let problem):
            throw OfflineOperationError(
                .signatureEncoding,
                "line \(signatureLine) (signature): \(problem.explanation(for: signatureText))", line: signatureLine)
        case .success(let bytes):
            signature = bytes
        }
        guard signingKey.signatureLengths.contains(signature.count) else {
            let expected = describe(signingKey.signatureLengths)
            throw OfflineOperationError(
                .signatureLength,
                "line \(signatureLine) (signature): must decode to \(expected) bytes, got \(signature.count)",
                line: signatureLine)
        }

        let nonceLine = count - 1
        let nonce = lines[count - 2]
        let nonceBytes: Data
        switch StrictBase64.decodeOrExplain(nonce) {
        case .failure(let problem):
            throw OfflineOperationError(
                .nonceEncoding, "line \(nonceLine) (nonce): \(problem.explanation(for: nonce))", line: nonceLine)
        case .success(let bytes):
            nonceBytes = bytes
        }
        guard nonceBytes.count == nonceLength else {
            throw OfflineOperationError(
                .nonceLength, "line \(nonceLine) (nonce): must decode to 16 bytes, got \(nonceBytes.count)",
                line: nonceLine)
        }

        let data = try OperationData(parsing: lines[3], line: 4)
        let totp = count >= 8 ? lines[5] : nil
        let extra = count > 8 ? Array(lines[6..<(count - 2)]) : []

        // The signed bytes: the whole input minus the Base64 text after the key indicator.
        var signedData = Data(text.utf8)
        signedData.removeLast(signatureText.utf8.count)

        return OfflineOperation(
            operationId: lines[0],
            title: OperationText.unescape(lines[1]),
            message: OperationText.unescape(lines[2]),
            operationData: lines[3],
            data: data,
            flags: OfflineOperation.Flags(rawValue: lines[4]),
            totp: totp,
            extraAttributes: extra,
            nonce: nonce,
            nonceBytes: nonceBytes,
            signingKey: signingKey,
            signature: signature,
            signatureBase64: signatureText,
            signedData: signedData,
            rawLines: lines
        )
    }
}
