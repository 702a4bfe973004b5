// swift-tools-version:6.0
import PackageDescription

/// Settings shared by every hand-written target.
let strictSwift: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

/// A target that only holds code generated from one document in `openapi/`.
func generatedAPI(_ name: String) -> Target {
    .target(
        name: name,
        dependencies: [
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        ],
        plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
    )
}

let package = Package(
    name: "MockPlatform",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "mock-platform", targets: ["MockPlatformCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-openapi-generator.git", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        // CMS.sign is SPI: pinned to the minor version the signature tests were run against.
        .package(url: "https://github.com/apple/swift-certificates.git", .upToNextMinor(from: "1.21.1")),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
    ],
    targets: [
        generatedAPI("IQLAPI"),
        generatedAPI("PublisherAPI"),
        generatedAPI("ControlAPI"),
        generatedAPI("WebhooksControlAPI"),
        generatedAPI("IQLControlAPI"),
        generatedAPI("CampaignsControlAPI"),
        generatedAPI("WalletControlAPI"),
        generatedAPI("CampaignsAPI"),
        generatedAPI("LoyaltyAPI"),
        generatedAPI("WalletAPI"),
        // The floors, each depending only on those below it: a wrong-way reference does not compile.
        .target(
            name: "MockPlatformCore",
            dependencies: [
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            swiftSettings: strictSwift
        ),
        .target(
            name: "MockPlatform",
            dependencies: [
                "MockPlatformCore",
                "IQLAPI", "PublisherAPI", "CampaignsAPI", "LoyaltyAPI", "WalletAPI",
                "ControlAPI", "WebhooksControlAPI", "IQLControlAPI", "CampaignsControlAPI", "WalletControlAPI",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            resources: [.copy("Specs"), .copy("Dashboard"), .copy("Defaults")],
            swiftSettings: strictSwift,
            plugins: ["SpecIndexPlugin"]
        ),
        .executableTarget(
            name: "SpecIndexer",
            dependencies: [
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: strictSwift
        ),
        .plugin(name: "SpecIndexPlugin", capability: .buildTool(), dependencies: ["SpecIndexer"]),
        .executableTarget(
            name: "MockPlatformCLI",
            dependencies: [
                "MockPlatform",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "MockPlatformTests",
            dependencies: [
                "MockPlatformCore",
                "MockPlatform",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "LiveTests",
            dependencies: ["MockPlatformCLI"],
            swiftSettings: strictSwift
        ),
    ]
)
