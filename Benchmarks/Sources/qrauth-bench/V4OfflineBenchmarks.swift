import Foundation
import OfflineOperations
import PowerAuth

/// PowerAuth 4.0 offline approval codes (KMAC-256 chains, spec §16) through the public API: a 4.0 server activation
/// file (qrauthCLITests' `v4-server-activation.json`, qrauth's own vectors) checked by
/// `ServerActivation.verifyApprovalCode`, which picks the 4.0 check for a 4.0 activation. The device-side code is
/// `package` API, out of reach of this package: `v4-approval-code` is a server check that matches its first
/// candidate, the same work (the activation's 4.0 keys derived, one two-component code) as the device's.
enum V4OfflineFixture {
    static let serverJSON =
        #"{"activationId": "4245aacd-aa01-43ba-a90a-2b8510e1678f", "applicationKey": "E1atxsYvszgoeC8xqihfYA==", "applicationSecret": "NZojO4GPkuyVhyicj38HSw==", "counters": {"counter": 0, "ctrData": "AWfBS0wNS0OUuvN1eQWS7w==", "failedAttempts": 0, "maxFailedAttempts": 5, "status": "ACTIVE"}, "devicePublicKey": "BEEDyIi/WkDkBH6aAiEFXnybIK/71NTBN5L96Sr+Onnxzydx3mjwvpuEVfvBPKmEffBIZud2ObzigOtWWH4Dm8A=", "formatVersion": 1, "kind": "server", "lookAhead": 20, "masterPrivateKey": "51/ghvyCRhu58hxEFPWRbpsoD3FNCFDVavAWMDwRe2Y=", "masterPublicKey": "BJ8Aal0jf0SQPSYZpEMR7i2uDQh4Jwl4RFaxe8N42SJD5AUfOtkaI3oevW3MiozvEycM+eYHzIBT+ajRDzj8VoA=", "protocolVersion": "3.3", "serverPrivateKey": "FmOnEhrw0SNB244/HWcyGAvwZ02wabyYRsLIcT9dIcI=", "serverPublicKey": "BLyUtADPRKNLIOQb67NQsEpRpNxyhsgh+2Q0/C/QOf26KuYi+C9ZzDRjPfDy7xVbT5Nb37yigV3aSaC4lJOj7rM=", "tokens": [{"id": "b63122fc-7762-48d7-89c4-5b43c3d0dcea", "secret": "+AQI3+65zqYQKXgPpo+e5g=="}], "v4": {"activationSecret": "pjy3PdYpd/EIfBdA+y69RjJx/9/R8jdVs69eafKsAgA=", "biometryEnabled": true, "confirmationPending": false, "counterData": "FJIK7B3Nx7mg/uHkffpkyIfqh1JrFmN4GDMK7J5Skb0=", "devicePublicKey": "BPoedKF96OGyRuoyIWiTFHHuXgEvZxI+y99dd4iCh6V6aSIQIpHoQGHL9JurQFwblN6jAKuo4Sy2bmh+c8b/CuuhxCRWujzHjlxxlbAbYl81LBeLlWNqlGeKgatGqas57A==", "masterPrivateKeyP384": "S2kPbcmkKCXQjdmoz56Dkk9tXTr3BZ0wl/VZ2wifhdyD7i7Zys1wMFOGh48QCHJY", "serverPrivateKey": "8QfghNBww13Nv+NkhMptj7EXhETnDk4G/oRyT25YvFefbsgibzn1/Cdb4pUsDGPT", "suite": "EC_P384", "tokens": {}}}"#
    static let payload =
        "5ff1b1ed-a3cc-45a3-8ab0-ed60950312b6\nPayment\nPlease confirm\nA1*A100CZK*ICZ2730300000001165254011*D20180425*Thello world\nB\npGuuEubb4LtJwwkqZURi/Q==\n2Wo9ZY72TID+f6H+EniDErfjFLSN6JtCqw0tIFyYXgfc="
    /// The knowledge code at the file's counter (`offline-approval.json`, `knowledgeCodes[0]`).
    static let code = "19183369-39120100"

    static func server() throws -> ServerActivation {
        try JSONDecoder().decode(ServerActivation.self, from: Data(serverJSON.utf8))
    }

    static func check(allowBiometry: Bool, lookAhead: Int) throws -> ApprovalCodeCheck {
        try ApprovalCodeCheck(
            operation: try OfflineOperation(payload), allowBiometry: allowBiometry, lookAhead: lookAhead)
    }
}

/// One 4.0 approval code: a server check matching at the first candidate (window 1, knowledge only).
struct V4ApprovalCodeBenchmark: Benchmark {
    let name = "v4-approval-code"
    let summary =
        "4.0 approval code: ServerActivation.verifyApprovalCode on a 4.0 file, matching at the first candidate"

    func prepare() throws -> () -> Int {
        let server = try V4OfflineFixture.server()
        let check = try V4OfflineFixture.check(allowBiometry: false, lookAhead: 1)
        var probe = server
        guard try probe.verifyApprovalCode(V4OfflineFixture.code, check).isValid else {
            throw BenchmarkFailure("the vector's 4.0 code is not accepted")
        }
        return {
            var copy = server
            return (try? copy.verifyApprovalCode(V4OfflineFixture.code, check).isValid) == true ? 1 : 0
        }
    }
}

/// The 4.0 server's worst case: a wrong code tried at 20 counter values for knowledge and biometry (40 codes).
struct V4ServerCheckWorstCaseBenchmark: Benchmark {
    let name = "v4-server-check-worst"
    let summary = "4.0 ServerActivation.verifyApprovalCode, wrong code, window 20, biometry allowed (40 candidates)"

    func prepare() throws -> () -> Int {
        let server = try V4OfflineFixture.server()
        let check = try V4OfflineFixture.check(allowBiometry: true, lookAhead: 20)
        var probe = server
        guard try probe.verifyApprovalCode(V4OfflineFixture.code, check).isValid else {
            throw BenchmarkFailure("the vector's 4.0 code is not accepted")
        }
        return {
            var copy = server
            return (try? copy.verifyApprovalCode("00000000-00000000", check).isValid) == false ? 1 : 0
        }
    }
}
