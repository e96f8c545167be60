/// Collects the bound ports of the listeners and reports them once, when all are open.
actor PortRendezvous {
    private let expectsBackOffice: Bool
    private let onReady: @Sendable (DevServerApplication.Ports) async -> Void
    private var main: Int?
    private var backOffice: Int?
    private var reported = false

    init(expectsBackOffice: Bool, onReady: @escaping @Sendable (DevServerApplication.Ports) async -> Void) {
        self.expectsBackOffice = expectsBackOffice
        self.onReady = onReady
    }

    func bound(main port: Int) async {
        main = port
        await reportIfReady()
    }

    func bound(backOffice port: Int) async {
        backOffice = port
        await reportIfReady()
    }

    private func reportIfReady() async {
        guard !reported, let main, !expectsBackOffice || backOffice != nil else { return }
        reported = true
        await onReady(DevServerApplication.Ports(main: main, backOffice: backOffice))
    }
}
