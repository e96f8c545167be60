import FoundationEssentials

/// The one place the command line reads the clock; libraries get the value passed in.
enum UnixClock {
    /// Seconds since 1970, or `override` when a (hidden, for tests) `--now` was given.
    static func seconds(override: Int64?) -> Int64 {
        override ?? Int64(Date().timeIntervalSince1970)
    }
}
