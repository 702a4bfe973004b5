import MockPlatformKit

/// The server's own control API.
package enum ControlPlatform: Platform {
    package static func modules(_ startup: ModuleStartup) -> [any PlatformModule] {
        // The texts it serves; not the documents as read, which the routes are built from once.
        [ControlModule(specs: SpecCatalog(documents: startup.specs.documents), publicURL: startup.publicURL, metrics: startup.metrics)]
    }
}
