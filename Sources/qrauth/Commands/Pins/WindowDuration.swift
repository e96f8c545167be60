import ArgumentParser

/// A duration argument: `30d`, `2w`, `12h`, `90m`, `45s` or plain seconds.
struct WindowDuration: ExpressibleByArgument, Sendable {
    let seconds: Int64

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
        guard let value = Int64(text), value >= 0, value <= Int64.max / unit / 2 else { return nil }
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
