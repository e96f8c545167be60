public import ArgumentParser
public import QRImaging

extension QRErrorCorrection: ExpressibleByArgument {
    /// Accepts L, M, Q or H in either case.
    public init?(argument: String) {
        self.init(rawValue: argument.uppercased())
    }
}

extension QRRenderFormat: ExpressibleByArgument {}

extension QRTextStyle: ExpressibleByArgument {}
