import FoundationEssentials

/// JSON on standard output: one document per command, or one compact object per line (`scan`).
enum JSONOutput {
    /// Prints `value` as one pretty, key-sorted JSON document.
    static func document(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// Prints `{"error":{"code","message"}}` on one line (so it ends a JSON-lines stream as well as it
    /// replaces a document).
    static func error(_ error: JSONError) {
        try? line(JSONError.Document(error: error))
    }

    /// Prints `value` as one compact JSON object on a single line.
    static func line(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
        try StandardStreams.checkStdout()
    }
}
