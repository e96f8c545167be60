import FingerprintLists
import FoundationEssentials
import QRAuthEncoding

/// A fetcher that remembers what the list server last said, so a failed update (`networkError` in the store's
/// terms) can be reported as the server's own answer (`HTTP 403 INVALID_CHALLENGE: ...`) or the transport error.
struct RecordingFingerprintFetcher: FingerprintFetcher {
    /// The last outcome of a fetch.
    actor Record {
        var last: String?
        func set(_ text: String) { last = text }
    }

    let wrapped: any FingerprintFetcher
    let record = Record()

    func fetch(_ request: FingerprintRequest) async throws -> FingerprintResponse {
        do {
            let response = try await wrapped.fetch(request)
            if !(200..<300).contains(response.statusCode) {
                await record.set("the server answered \(Self.describe(response))")
            } else if response.body.isEmpty {
                await record.set("the server answered HTTP \(response.statusCode) with an empty body")
            }
            return response
        } catch {
            await record.set(
                (error as? any ReportableError)?.message ?? String(describing: error))
            throw error
        }
    }

    /// `HTTP 403 INVALID_CHALLENGE: message` from a Mobile Utility Server error body (`{"code","message"}`, or
    /// the same inside a `responseObject` envelope), else `HTTP 403`.
    static func describe(_ response: FingerprintResponse) -> String {
        let status = "HTTP \(response.statusCode)"
        guard let object = try? JSONDecoder().decode(JSONValue.self, from: response.body), case .object = object
        else {
            return status
        }
        var error = object
        if let inner = object["responseObject"], case .object = inner { error = inner }
        guard let code = error["code"]?.stringValue else { return status }
        let message = error["message"]?.stringValue.map { ": \(String($0.prefix(300)))" } ?? ""
        return "\(status) \(code)\(message)"
    }
}
