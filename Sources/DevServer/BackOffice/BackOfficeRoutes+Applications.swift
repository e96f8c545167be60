import FoundationEssentials
import MobileTokenAPI
import PowerAuth
import QRAuthEncoding

extension BackOfficeRoutes {
    /// `/rest/v3/application/...`: list, create, detail, version/create (spec §5.2), on the state's applications.
    static var applicationRoutes: [BackOfficeRoute] {
        [
            .typed(EndpointPaths.backOffice(.applicationList), NoInputBody.self) { server, _ in
                BackOffice.GetApplicationListResponse(
                    applications: server.state.applications.map {
                        BackOffice.ApplicationSummary(applicationId: $0.applicationId, applicationRoles: $0.roles)
                    })
            },
            .typed(EndpointPaths.backOffice(.applicationCreate), BackOfficeService.createApplication),
            .typed(EndpointPaths.backOffice(.applicationDetail), BackOffice.GetApplicationDetailRequest.self) {
                server, body throws(BackOfficeFailure) in
                guard
                    let application = server.state.applications.first(where: { $0.applicationId == body.applicationId })
                else { throw BackOfficeFailure(.invalidApplication, "no application \(body.applicationId)") }
                return BackOfficeService.applicationDetail(application)
            },
            .typed(EndpointPaths.backOffice(.applicationVersionCreate), BackOfficeService.createApplicationVersion),
        ]
    }
}

extension BackOfficeService {
    /// `application/create`: a new application with a fresh master key pair and a `default` version
    /// (`ERR0043` when the id exists).
    func createApplication(
        _ body: BackOffice.CreateApplicationRequest
    ) throws(BackOfficeFailure) -> BackOffice.CreateApplicationResponse {
        let id = body.applicationId.trimmingWhitespace()
        guard !id.isEmpty, id.utf8.count <= 255 else { throw .missing("applicationId") }
        let application = ServerApplication.generate(applicationId: id)
        try store.backOfficeTransaction { (state, _) throws(BackOfficeFailure) in
            guard !state.applications.contains(where: { $0.applicationId == id }) else {
                throw BackOfficeFailure(.duplicateApplication, "the application \(id) exists already")
            }
            let limit = store.limits.applications
            guard state.applications.count < limit else {
                throw BackOfficeFailure(.invalidRequest, "too many applications (at most \(limit))")
            }
            state.applications.append(application)
        }
        return BackOffice.CreateApplicationResponse(applicationId: id, applicationRoles: application.roles)
    }

    /// `application/version/create`: a new supported version with fresh credentials (`ERR0015` for an unknown
    /// application, `ERR0043` for an existing version name).
    func createApplicationVersion(
        _ body: BackOffice.CreateApplicationVersionRequest
    ) throws(BackOfficeFailure) -> BackOffice.CreateApplicationVersionResponse {
        let name = body.applicationVersionId.trimmingWhitespace()
        guard !name.isEmpty, name.utf8.count <= 255 else { throw .missing("applicationVersionId") }
        let version = ServerApplication.Version.generate(applicationVersionId: name)
        let application = try store.backOfficeTransaction { (state, _) throws(BackOfficeFailure) -> ServerApplication in
            guard let index = state.applications.firstIndex(where: { $0.applicationId == body.applicationId }) else {
                throw BackOfficeFailure(.invalidApplication, "no application \(body.applicationId)")
            }
            guard !state.applications[index].versions.contains(where: { $0.applicationVersionId == name }) else {
                throw BackOfficeFailure(.duplicateApplication, "the version \(name) exists already")
            }
            let limit = store.limits.applicationVersions
            guard state.applications[index].versions.count < limit else {
                throw BackOfficeFailure(
                    .invalidRequest, "too many versions of \(body.applicationId) (at most \(limit))")
            }
            state.applications[index].versions.append(version)
            return state.applications[index]
        }
        var created = Self.versionDetail(version, of: application)
        created.applicationVersionName = name
        return created
    }

    /// `application/detail` of one application.
    static func applicationDetail(_ application: ServerApplication) -> BackOffice.GetApplicationDetailResponse {
        BackOffice.GetApplicationDetailResponse(
            applicationId: application.applicationId,
            masterPublicKey: application.masterPublicKey.base64EncodedString(), applicationRoles: application.roles,
            versions: application.versions.map { versionDetail($0, of: application) })
    }

    /// A version as `application/detail` and `application/version/create` describe it.
    static func versionDetail(
        _ version: ServerApplication.Version, of application: ServerApplication
    ) -> BackOffice.ApplicationVersionDetail {
        BackOffice.ApplicationVersionDetail(
            applicationVersionId: version.applicationVersionId, applicationKey: version.applicationKey,
            applicationSecret: version.applicationSecret, mobileSdkConfig: application.mobileSDKConfiguration(version),
            supported: version.supported)
    }
}
