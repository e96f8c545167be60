import ArgumentParser
import Foundation
import QRAuthEncoding

/// Runs the command tree and turns every error into a one-line message and a design.md exit code.
@main
enum Entry {
    static func main() async {
        let status: ExitStatus
        do {
            var command = try QRAuth.parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            status = .success
        } catch let error as ExitWithStatus {
            status = error.status
        } catch let error as any ReportableError {
            StandardStreams.error("qrauth: \(error.message)")
            status = error.exitStatus
        } catch let error as DecodingError {
            StandardStreams.error("qrauth: malformed JSON: \(error.pathDescription(namingMissingKeys: false))")
            status = .malformed
        } catch {
            // Help, version and usage errors: ArgumentParser prints and picks the code (usage = 64).
            QRAuth.exit(withError: error)
        }
        StandardStreams.flushStdout()
        exit(status.rawValue)
    }
}
