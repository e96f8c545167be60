// swift-tools-version: 6.2
import PackageDescription

/// Strict settings every Swift target carries (design.md, style.md).
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .treatAllWarnings(as: .error),
]

/// A system library found with pkg-config, with the Debian/Ubuntu package that provides it.
func systemLibrary(_ name: String, pkgConfig: String, apt: String) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt([apt])])
}

let package = Package(
    name: "qrauth",
    platforms: [.macOS(.v14)],
    // The library products are the modules README.md's "Library modules" table lists as products; QRAuthEncoding
    // (package-level helpers) and the C wrappers are internal targets.
    products: [
        .executable(name: "qrauth", targets: ["qrauth"]),
        .library(name: "OfflineOperations", targets: ["OfflineOperations"]),
        .library(name: "QRAuthCrypto", targets: ["QRAuthCrypto"]),
        .library(name: "PowerAuth", targets: ["PowerAuth"]),
        .library(name: "FingerprintLists", targets: ["FingerprintLists"]),
        .library(name: "QRImaging", targets: ["QRImaging"]),
        .library(name: "MobileTokenAPI", targets: ["MobileTokenAPI"]),
        .library(name: "OperationsSync", targets: ["OperationsSync"]),
        .library(name: "DevServer", targets: ["DevServer"]),
        .library(name: "QRAuthFiles", targets: ["QRAuthFiles"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // No default traits: FullFoundation makes Hummingbird import Foundation (ICU data in the binary, issue 31)
        // and qrauth uses neither its DateFormatter form coding nor swift-configuration.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // ML-KEM-768 for PowerAuth 4.0's hybrid shared secret (design.md: QRAuthCrypto only).
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // Tests only: the CLI tests run `qrauth` as a child process without blocking a cooperative thread.
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.5.0"),
    ],
    targets: [
        // System libraries: module map + shim.h, found with pkg-config, provided by apt.
        systemLibrary("COpenSSL", pkgConfig: "openssl", apt: "libssl-dev"),
        systemLibrary("CZBar", pkgConfig: "zbar", apt: "libzbar-dev"),
        systemLibrary("CQREncode", pkgConfig: "libqrencode", apt: "libqrencode-dev"),
        systemLibrary("CPNG", pkgConfig: "libpng", apt: "libpng-dev"),
        systemLibrary("CTurboJPEG", pkgConfig: "libturbojpeg", apt: "libturbojpeg0-dev"),
        systemLibrary("CWebP", pkgConfig: "libwebp", apt: "libwebp-dev"),
        systemLibrary("CGIF", pkgConfig: "libgif", apt: "libgif-dev"),
        systemLibrary("CTIFF", pkgConfig: "libtiff-4", apt: "libtiff-dev"),

        // Libraries.
        .target(name: "QRAuthEncoding", swiftSettings: strictSettings),
        .target(name: "QRAuthFiles", swiftSettings: strictSettings),
        .target(name: "OfflineOperations", dependencies: ["QRAuthEncoding"], swiftSettings: strictSettings),
        .target(
            name: "QRAuthCrypto",
            dependencies: ["COpenSSL", "QRAuthEncoding", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "PowerAuth",
            dependencies: ["QRAuthCrypto", "OfflineOperations", "QRAuthFiles", "QRAuthEncoding"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "FingerprintLists",
            dependencies: ["QRAuthCrypto", "QRAuthFiles", "QRAuthEncoding"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "QRImaging",
            dependencies: ["CZBar", "CQREncode", "CPNG", "CTurboJPEG", "CWebP", "CGIF", "CTIFF"],
            swiftSettings: strictSettings
        ),
        // The Mobile Token API wire model; OfflineOperations holds the one factor vocabulary, QRAuthEncoding the one
        // JSONValue its bodies carry.
        .target(
            name: "MobileTokenAPI", dependencies: ["OfflineOperations", "QRAuthEncoding"], swiftSettings: strictSettings
        ),
        .target(
            name: "OperationsSync",
            dependencies: [
                "PowerAuth", "FingerprintLists", "OfflineOperations", "QRAuthCrypto", "QRAuthFiles", "QRAuthEncoding",
                "MobileTokenAPI",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),

        // DevServer: beyond design.md's list, QRImaging renders the admin API's offline QR codes (PNG/SVG),
        // QRAuthCrypto issues the --self-signed certificates, QRAuthFiles writes the state file; the
        // Hummingbird, HTTPTypes and NIO products are the HTTP stack it adapts to.
        .target(
            name: "DevServer",
            dependencies: [
                "PowerAuth", "FingerprintLists", "OfflineOperations", "QRAuthCrypto", "QRAuthFiles", "QRImaging",
                "QRAuthEncoding", "MobileTokenAPI",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),

        // The command-line tool: thin, no protocol logic.
        .executableTarget(
            name: "qrauth",
            dependencies: [
                "OfflineOperations", "QRAuthCrypto", "PowerAuth", "FingerprintLists", "QRImaging", "QRAuthFiles",
                "QRAuthEncoding", "MobileTokenAPI", "OperationsSync",
                "DevServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),

        // Tests. Fixtures are copied from ../shared/vectors so a fresh clone tests without it.
        // Test support: seeded generators, temporary folders, the fixture files several targets share.
        .target(
            name: "QRAuthTestSupport", path: "Tests/QRAuthTestSupport", resources: [.copy("Fixtures")],
            swiftSettings: strictSettings),
        .testTarget(
            name: "SystemLibrariesTests",
            dependencies: ["COpenSSL", "CZBar", "CQREncode", "CPNG", "CTurboJPEG", "CWebP", "CGIF", "CTIFF"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "QRAuthFilesTests",
            dependencies: [
                "QRAuthTestSupport", "QRAuthFiles",
            ], swiftSettings: strictSettings),
        .testTarget(
            name: "QRAuthEncodingTests",
            dependencies: [
                "QRAuthTestSupport", "QRAuthEncoding",
            ], swiftSettings: strictSettings),
        .testTarget(
            name: "OfflineOperationsTests",
            dependencies: [
                "QRAuthTestSupport", "OfflineOperations", "QRAuthEncoding",
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "QRAuthCryptoTests",
            dependencies: [
                // swift-crypto's HPKE is the independent computation DHKEM(P-384) is checked against.
                "QRAuthTestSupport", "QRAuthCrypto", .product(name: "Crypto", package: "swift-crypto"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PowerAuthTests",
            dependencies: [
                "QRAuthTestSupport", "PowerAuth", "QRAuthCrypto", "OfflineOperations", "QRAuthEncoding",
                // swift-crypto's ML-KEM is the second computation the activation transcripts' ML-KEM part is
                // checked with (V4ActivationTranscriptTests).
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FingerprintListsTests",
            dependencies: [
                "QRAuthTestSupport", "FingerprintLists", "QRAuthCrypto", "QRAuthEncoding",
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "QRImagingTests",
            dependencies: [
                "QRAuthTestSupport", "QRImaging", "CPNG",
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "OperationsSyncTests",
            dependencies: [
                "QRAuthTestSupport",
                "PowerAuth", "FingerprintLists", "OfflineOperations", "QRAuthCrypto", "QRAuthEncoding",
                "MobileTokenAPI",
                "OperationsSync",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "DevServerTests",
            dependencies: [
                "QRAuthTestSupport",
                "DevServer", "PowerAuth", "FingerprintLists", "QRAuthCrypto", "OfflineOperations", "OperationsSync",
                "MobileTokenAPI", "QRAuthEncoding",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "qrauthCLITests",
            dependencies: [
                "QRAuthTestSupport", "qrauth",
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
    ]
)
