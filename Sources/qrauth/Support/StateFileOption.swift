import ArgumentParser

/// Options that name a state file (an activation, a key): `-` cannot stand for standard input or output there,
/// because the file is written and read again later (or read, then written back). Refused as a usage error (64)
/// instead of creating a file called `-` or failing later with "not valid JSON".
enum StateFileOption {
    /// Throws a usage error when `value` is `-`; `use` says what the file is for.
    static func refuseDash(_ value: String?, _ option: String, _ use: String) throws {
        guard value == "-" else { return }
        throw ValidationError("\(option) - is not allowed: \(use) (give a file)")
    }
}
