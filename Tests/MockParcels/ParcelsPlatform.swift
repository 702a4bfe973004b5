import MockPlatformKit

/// The tests' throwaway platform, listed as the real ones are: its module, and the process-wide
/// option it reads (`--parcel-delay`).
package enum ParcelsPlatform: Platform {
    package static let delay = ProcessOption(
        "parcel-delay", valueName: "<seconds>", help: "Seconds from a parcel's send to its delivery. Default: 60."
    )

    package static var processOptions: [ProcessOption] { [delay] }

    package static func modules(_ startup: ModuleStartup) throws -> [any PlatformModule] {
        var seconds = ParcelsModule.defaultDelay
        if let text = startup.options[delay] {
            guard let value = Int(text), value > 0 else { throw StartupError("parcel-delay must be a whole number of seconds, got '\(text)'") }
            seconds = value
        }
        return [ParcelsModule(delaySeconds: seconds)]
    }
}
