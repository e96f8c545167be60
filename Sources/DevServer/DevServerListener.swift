/// Which socket a request arrived on: the main one, or the back-office one (`--backoffice-port`).
package enum DevServerListener: Sendable {
    /// The Mobile Token API, `/pa/v3`, `/app/init`, `/admin` (and `/rest/v3` without its own port).
    case main
    /// The back-office REST API's own port.
    case backOffice
}
