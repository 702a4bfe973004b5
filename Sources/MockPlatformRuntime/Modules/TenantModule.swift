/// A platform module as a tenant sees it: the store it gives every tenant, and the kinds,
/// fields and parts of that store's state. The module kit's `PlatformModule` refines it with
/// what the front door needs; the runtime knows modules only as this.
package protocol TenantModule: Sendable {
    /// The module's name; its `document` and `stateKey` unless it says otherwise.
    var name: String { get }
    /// The key its store's state is under in a snapshot; its name unless it says.
    var stateKey: String { get }
    /// The webhook event kinds it emits.
    var eventKinds: [EventKind] { get }
    /// The push kinds it sends.
    var pushKinds: [DeclaredPushKind] { get }
    /// The field names of its store's state a state document's check must know (counters, ids,
    /// verbatim values); none unless it says.
    var stateFields: StateFields { get }
    /// Its parts of the fixtures (`FixturePart`), read from the fixture folder at start; none
    /// unless it says.
    var fixtureParts: [any FixturePart.Type] { get }
    /// Its keys of the tenant config (`SettingsPart`); none unless it says.
    var settingsParts: [any SettingsPart.Type] { get }
    /// The client-growable collections its store bounds (`--quota NAME=N`); none unless it says.
    var quotaCollections: [TenantQuotas.Collection] { get }
    /// The parts of a scenario file it reads (`ScenarioPart`), in the order they are applied;
    /// none unless it says.
    var scenarioParts: [any ScenarioPart.Type] { get }
    /// A tenant's store for this module: fresh from the fixtures, or restored from a snapshot
    /// of it; nil for a module that keeps no tenant state.
    func makeStore(for runtime: TenantRuntime, restoring snapshot: StoreState?) throws -> (any ModuleStore)?
    /// Where a snapshot's `stores` that has nothing under its `stateKey` keeps its store's state:
    /// the key a document written before the module had a store of its own kept it under; nil
    /// (a fresh store) unless it says.
    func formerStateKey(in stores: [String: StoreState]) -> String?
}

extension TenantModule {
    package var stateKey: String { name }
    package var eventKinds: [EventKind] { [] }
    package var pushKinds: [DeclaredPushKind] { [] }
    package var stateFields: StateFields { StateFields() }
    package var fixtureParts: [any FixturePart.Type] { [] }
    package var settingsParts: [any SettingsPart.Type] { [] }
    package var quotaCollections: [TenantQuotas.Collection] { [] }
    package var scenarioParts: [any ScenarioPart.Type] { [] }
    package func makeStore(for runtime: TenantRuntime, restoring snapshot: StoreState?) throws -> (any ModuleStore)? { nil }
    package func formerStateKey(in stores: [String: StoreState]) -> String? { nil }
}
