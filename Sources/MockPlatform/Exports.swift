// The floors beneath the app, for the command line and the tests: the kit, the runtime and the core.
@_exported import MockPlatformKit
