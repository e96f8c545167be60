import FoundationEssentials
import PowerAuth
import QRAuthEncoding
import QRAuthFiles

/// The powerauth-cmd-tool `config.json`: `mobileSdkConfig`, or the legacy `applicationKey`, `applicationSecret`,
/// `masterPublicKey` (read by `activation import --config` and `activation activate --config`).
struct CmdToolConfig: Decodable {
    var applicationKey: String?
    var applicationSecret: String?
    var masterPublicKey: String?
    var mobileSdkConfig: String?

    /// Reads the file (duplicate keys refused) and returns the application values it carries.
    static func application(from path: String) throws -> CmdToolStatusFile.Application {
        let values: CmdToolConfig
        let configData = try FileInput.read(path, limit: 1 << 20)
        if let key = JSONDuplicateKeys.first(in: configData) {
            throw CLIError(
                .malformed, "\(path): the key \(key) appears twice (refused: readers disagree on which wins)")
        }
        do {
            values = try JSONDecoder().decode(CmdToolConfig.self, from: configData)
        } catch {
            throw CLIError(.malformed, "\(path) is not a powerauth-cmd-tool config.json")
        }
        if let blob = values.mobileSdkConfig {
            let parsed = try MobileSDKConfiguration(base64: blob)
            return .init(
                applicationKey: parsed.applicationKey, applicationSecret: parsed.applicationSecret,
                masterPublicKey: parsed.masterServerPublicKey?.base64EncodedString())
        }
        return .init(
            applicationKey: values.applicationKey ?? "", applicationSecret: values.applicationSecret ?? "",
            masterPublicKey: values.masterPublicKey)
    }
}
