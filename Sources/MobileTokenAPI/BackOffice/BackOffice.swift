/// The PowerAuth server back-office REST API (`/rest/v3/*`, spec powerauth-e2ee-activation.md §5): its bodies,
/// statuses and error codes, spelled as the server's model classes spell them (§9: the code wins over the docs).
///
/// Every call is a `POST` of `RequestEnvelope` (`{"requestObject":…}`; calls without input send `EmptyPayload`)
/// answered by `ResponseEnvelope` (`{"status":"OK","responseObject":…}`, or `"ERROR"` with a `ServerErrorBody`
/// whose `code` is a `BackOfficeErrorCode`). Dates stay the server's ISO 8601 strings; `BackOffice.timestamp(_:)`
/// writes them in the Java server's style and `BackOffice.date(_:)` reads any ISO 8601 offset form.
public enum BackOffice {}
