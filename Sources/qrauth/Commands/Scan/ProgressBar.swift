/// A one-line progress bar on standard error, redrawn in place; cleared before other output.
struct ProgressBar {
    let total: Int
    private(set) var done = 0
    private var visible = false

    init(total: Int) {
        self.total = total
    }

    /// Erases the bar so a result line can be printed.
    mutating func clear() {
        guard visible else { return }
        StandardStreams.errorRaw("\r\u{1B}[K")
        visible = false
    }

    /// Counts one more finished input and redraws.
    mutating func advance() {
        done += 1
        let width = 30
        let filled = total == 0 ? width : done * width / total
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        StandardStreams.errorRaw("\r\u{1B}[Kscanning [\(bar)] \(done)/\(total)")
        visible = true
    }
}
