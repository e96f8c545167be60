/// The PowerAuth server back-office REST API (`/rest/v3/*`): its bodies,
/// statuses and error codes, spelled as the server's model classes spell them (where the server's code and its documentation differ, the code wins).
///
/// Every call is a `POST` of `RequestEnvelope` (`{"requestObject":…}`; calls without input send `EmptyPayload`)
/// answered by `ResponseEnvelope` (`{"status":"OK","responseObject":…}`, or `"ERROR"` with a `ServerErrorBody`
/// whose `code` is a `BackOfficeErrorCode`). Dates stay the server's ISO 8601 strings; `BackOffice.timestamp(_:)`
/// writes them in the Java server's style and `BackOffice.date(_:)` reads any ISO 8601 offset form.
public enum BackOffice {}
