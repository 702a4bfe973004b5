// The floors beneath: a platform module builds on the kit, the runtime and the core.
@_exported import MockPlatformRuntime
