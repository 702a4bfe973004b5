import Foundation

/// What a platform's modules are made from at start (`Platform.modules(_:)`).
package struct ModuleStartup: Sendable {
    /// The values given for the platforms' process-wide options.
    package var options: ProcessOptions
    /// The fixtures the server's own files gave (ZIP codes, tenant.json), before the modules'
    /// parts are read.
    package var fixtures: Fixtures
    /// The bundled OpenAPI documents, as served.
    package var specs: SpecCatalog
    /// The base of the absolute URLs the server emits.
    package var publicURL: PublicBaseURL
    /// The server's metrics, where a module counts its own work.
    package var metrics: PlatformMetrics
    /// Where files that must survive restarts are kept (`--data-dir`).
    package var dataDirectory: URL
    /// The wall clock, for what is made at start (a development certificate's validity).
    package var wallClock: @Sendable () -> Date

    package init(
        options: ProcessOptions, fixtures: Fixtures, specs: SpecCatalog, publicURL: PublicBaseURL, metrics: PlatformMetrics,
        dataDirectory: URL, wallClock: @escaping @Sendable () -> Date
    ) {
        self.options = options
        self.fixtures = fixtures
        self.specs = specs
        self.publicURL = publicURL
        self.metrics = metrics
        self.dataDirectory = dataDirectory
        self.wallClock = wallClock
    }
}
