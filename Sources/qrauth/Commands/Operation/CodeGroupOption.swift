import ArgumentParser
import PowerAuth

/// `--group`: how the approval code is displayed.
enum CodeGroupOption: String, ExpressibleByArgument, CaseIterable {
    case twoByEight = "2x8"
    case fourByFour = "4x4"

    var grouping: ApprovalCodeGrouping { self == .twoByEight ? .twoByEight : .fourByFour }
}
