/// The core floor (`MockPlatformCore`: JSON, errors, ids, clock) is part of every file of this
/// target's vocabulary, as it is of its tests'.
@_exported import MockPlatformCore
