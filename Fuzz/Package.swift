// swift-tools-version: 6.2
// libFuzzer targets, kept out of the main package. Build and run (see README.md):
//   swift build -c debug --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address
//   SWIFT_BACKTRACE=enable=no .build/debug/FuzzImageDecoder corpus/FuzzImageDecoder Seeds/FuzzImageDecoder
import PackageDescription

let package = Package(
    name: "qrauth-fuzz",
    dependencies: [.package(name: "qrauth", path: "..")],
    targets: [
        .executableTarget(
            name: "FuzzImageDecoder",
            dependencies: [.product(name: "QRImaging", package: "qrauth")]
        )
    ]
)
