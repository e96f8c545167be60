import ArgumentParser

/// Range checks for numeric options, made before any arithmetic touches the value: a value outside
/// its range is a usage error (exit 64) whose one line names the option and the allowed range.
///
/// Commands call these from `validate()`, so nothing has been read or written when one fails.
enum OptionRange {
    /// Checks an integer option; `nil` (an option not given) always passes.
    static func check<T: BinaryInteger>(_ value: T?, _ range: ClosedRange<T>, _ option: String) throws {
        guard let value, !range.contains(value) else { return }
        throw ValidationError("\(option) must be \(range.lowerBound) to \(range.upperBound), not \(value)")
    }

    /// Checks a floating-point option; NaN and infinities never pass.
    static func check(_ value: Double?, _ range: ClosedRange<Double>, _ option: String) throws {
        guard let value else { return }
        guard value.isFinite, range.contains(value) else {
            throw ValidationError(
                "\(option) must be \(format(range.lowerBound)) to \(format(range.upperBound)), not \(value)")
        }
    }

    /// Unix seconds the tool accepts for `--now`, `--expires` and friends: 1970 up to the year 9999,
    /// so adding any window or step to them cannot overflow.
    static let unixSeconds: ClosedRange<Int64> = 0...253_402_300_799

    /// Timeouts in seconds for network options.
    static let timeoutSeconds: ClosedRange<Int> = 1...600

    /// TOTP steps in seconds (RFC 6238 uses 30; a day is the most any deployment would use).
    static let totpStepSeconds: ClosedRange<Int64> = 1...86_400

    /// Digits per approval-code factor.
    static let codeDigits: ClosedRange<Int> = 4...8

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
