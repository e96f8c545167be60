import ArgumentParser

/// A duration argument: `30d`, `2w`, `12h`, `90m`, `45s` or plain seconds, at most 100 years, so
/// adding it to any accepted `--now` cannot overflow.
struct WindowDuration: ExpressibleByArgument, Sendable {
    let seconds: Int64

    /// The longest window: 36 500 days.
    static let maximumSeconds: Int64 = 36_500 * 86_400

    init(seconds: Int64) {
        self.seconds = seconds
    }

    init?(argument: String) {
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400, "w": 604_800]
        var text = Substring(argument)
        var unit: Int64 = 1
        if let last = text.last, let factor = units[last] {
            unit = factor
            text = text.dropLast()
        }
        guard let value = Int64(text), value >= 0, value <= Self.maximumSeconds / unit else { return nil }
        seconds = value * unit
    }

    /// Shown in help as the user would type it: `0`, `30d`, `2w`, `12h`.
    var defaultValueDescription: String {
        for (suffix, factor) in [("w", Int64(604_800)), ("d", 86_400), ("h", 3_600), ("m", 60)]
        where seconds != 0 && seconds % factor == 0 {
            return "\(seconds / factor)\(suffix)"
        }
        return "\(seconds)"
    }
}
