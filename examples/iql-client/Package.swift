// swift-tools-version:6.1
// An IQL publisher-API client generated from the mock's contract, as a publisher backend would
// write one. Self-contained: copy this folder, replace the `openapi.yaml` symlink with the
// document itself (`GET /_mock/openapi/iql.yaml` on a running mock), and build.
import PackageDescription

let package = Package(
    name: "iql-client",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "IQLClient", targets: ["IQLClient"]),
        .executable(name: "iql-publisher-demo", targets: ["iql-publisher-demo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator.git", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession.git", from: "1.4.0"),
        // HTTPTypes (already a dependency of the two above) is named for the auth middleware.
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    ],
    targets: [
        // Types and client generated at build time from Sources/IQLClient/openapi.yaml.
        .target(
            name: "IQLClient",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        // Walks onboarding → mock trips → qualification → offer against a live server.
        .executableTarget(
            name: "iql-publisher-demo",
            dependencies: [
                "IQLClient",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ]
        ),
    ]
)
