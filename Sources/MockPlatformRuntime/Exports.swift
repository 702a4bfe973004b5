// The floor beneath: whoever builds on the runtime builds on the core too.
@_exported import MockPlatformCore
