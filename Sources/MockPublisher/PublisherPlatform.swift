import MockPlatformKit

/// The IQL reference publisher backend.
package enum PublisherPlatform: Platform {
    package static func modules(_ startup: ModuleStartup) -> [any PlatformModule] {
        [PublisherModule(zipcodes: startup.fixtures.zipcodes)]
    }
}
