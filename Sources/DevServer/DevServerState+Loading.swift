import FoundationEssentials
import PowerAuth
import QRAuthFiles

extension DevServerState {
    /// The state a server starts with: the `statePath` file when it exists, plus every server
    /// activation file not in it yet (an activation already in the state keeps its state counters).
    public static func load(statePath: String?, activationPaths: [String]) throws(DevServerError) -> DevServerState {
        var state = DevServerState()
        if let statePath, FileManager.default.fileExists(atPath: statePath) {
            let data: Data
            do {
                data = try FileInput.readState(statePath, limit: DevServerLimits.stateReadLimit)
            } catch {
                throw DevServerError(.file, error.reason)
            }
            state = try DevServerStore.decode(data, path: statePath)
        }
        for path in activationPaths {
            let activation = try DevServerState.readFile(ServerActivation.self, path)
            if !state.activations.contains(where: { $0.activationId == activation.activationId }) {
                state.activations.append(activation)
            }
        }
        return state
    }
}

extension DevServerState {
    /// Reads and validates an activation or application file given to `serve` (`--activation`, `--app`); what keeps it
    /// from loading is `DevServerError(.file)` with PowerAuth's or the file layer's sentence.
    static func readFile<Content: ActivationFileContent>(
        _ type: Content.Type, _ path: String
    ) throws(DevServerError) -> Content {
        do {
            return try ActivationFile<Content>.read(path)
        } catch let error as PowerAuthError {
            throw DevServerError(.file, error.reason)
        } catch let error as FileError {
            throw DevServerError(.file, error.reason)
        } catch {
            throw DevServerError(.file, "\(path) cannot be read")
        }
    }
}
