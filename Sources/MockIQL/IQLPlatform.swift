import MockPlatformKit

/// IQL: the publisher API and its control operations.
package enum IQLPlatform: Platform {
    package static func modules(_ startup: ModuleStartup) -> [any PlatformModule] {
        [IQLModule(zipcodes: startup.fixtures.zipcodes, publicURL: startup.publicURL), IQLControlModule()]
    }
}
