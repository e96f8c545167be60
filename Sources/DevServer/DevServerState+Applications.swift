import FoundationEssentials
public import PowerAuth
import QRAuthFiles

extension DevServerState {
    /// The name of the application `serve` generates when neither the state nor `--app` has one.
    public static let generatedApplicationId = "qrauth-app"

    /// Makes `application` the default (first) one: it replaces the state's application of the same id or
    /// is inserted first.
    public mutating func setDefaultApplication(_ application: ServerApplication) {
        if let index = applications.firstIndex(where: { $0.applicationId == application.applicationId }) {
            if index == 0 {
                if applications[0] != application { applications[0] = application }
                return
            }
            applications.remove(at: index)
        }
        applications.insert(application, at: 0)
    }

    /// Gives the state a default application: the `--app` file's (created with fresh keys, 0600, when the file
    /// does not exist yet), else the state's first, else a generated one.
    public mutating func prepareApplication(path: String?) throws(DevServerError) {
        guard let path else {
            if applications.isEmpty { applications.append(.generate(applicationId: Self.generatedApplicationId)) }
            return
        }
        if FileManager.default.fileExists(atPath: path) {
            setDefaultApplication(try DevServerState.readFile(ServerApplication.self, path))
            return
        }
        let application = applications.first ?? .generate(applicationId: Self.generatedApplicationId)
        do {
            try ActivationFile.write(application, to: path)
        } catch let error as FileError {
            throw DevServerError(.file, error.reason)
        } catch {
            throw DevServerError(.file, "\(path) cannot be written")
        }
        setDefaultApplication(application)
    }
}
