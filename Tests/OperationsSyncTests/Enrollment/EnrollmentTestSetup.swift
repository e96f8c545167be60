import Foundation
import OperationsSync
import PowerAuth
import QRAuthCrypto

/// One device activation in memory, the server double holding its other half, and a client signing through it.
struct EnrollmentSetup {
    let pair: ActivationFactory.Pair
    let master: NISTP256.Signing.PrivateKey
    let store: InMemoryActivationStore
    let double: EnrollmentServerDouble
    let client: EnrollmentClient

    init(version: ProtocolVersion = .v32, token: Bool = true) throws {
        master = NISTP256.Signing.PrivateKey()
        var pair = try ActivationFactory.create(
            password: "1234", biometry: true, protocolVersion: version, masterKey: master)
        if !token {
            pair.device.token = nil
            pair.server.tokens = []
        }
        self.pair = pair
        store = InMemoryActivationStore(pair.device)
        double = EnrollmentServerDouble(
            server: pair.server, signer: PowerAuthRequestSigner(store: store), masterKey: master,
            applicationKey: pair.device.applicationKey, applicationSecret: pair.device.applicationSecret)
        client = EnrollmentClient(httpClient: double)
    }

    var device: DeviceActivation { store.activation! }
    var transactions: DeviceTransactions { DeviceTransactions(store: store) }
}
