// TEMPORARY: stands in for commands that need the e2ee branch; removed at its merge.
import ArgumentParser

struct ActivationActivateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "activate")
}

struct TokenCreateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "create")
}
