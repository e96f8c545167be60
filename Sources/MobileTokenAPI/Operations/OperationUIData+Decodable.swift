extension OperationUIData: Decodable {
    /// Every key decoded leniently: a bad value gives nil.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.flipButtons = container.lenient("flipButtons")
        self.blockApprovalOnCall = container.lenient("blockApprovalOnCall")
        self.preApprovalScreen = container.lenient("preApprovalScreen")
        self.postApprovalScreen = container.lenient("postApprovalScreen")
    }
}
