import OpenAPIRuntime

/// One API the server answers — a platform it stands in for (IQL, the publisher backend) or
/// the server's own control API — or a part of one with state of its own (the webhooks module,
/// which answers the control API's webhook operations), with everything the front door and the
/// tenants need of it.
///
/// A platform's `Platform` type makes its modules at start, and the app lists that type once
/// (`MockPlatformServer.platforms`): the front door routes each module's paths to it, renders its errors in
/// its shape (the control plane's under `/_mock/`), runs its guard and operation rules and
/// serves its spec; as a `TenantModule`, every tenant keeps one store of its kind.
package protocol PlatformModule: TenantModule {
    /// The name of its OpenAPI document (`openapi/<document>.yaml`, served at
    /// `/_mock/openapi/<document>.yaml`), whose operations under its prefixes it answers; its
    /// name unless it says.
    var document: String { get }
    /// Tenant-relative path prefixes it owns (`/publisher/`); the longest match wins, and `/`
    /// claims every path no other module owns. A prefix under `/_mock/` (`/_mock/parcels/`)
    /// holds its control operations: those paths are the control plane's (`ControlPlane`: no
    /// faults, no journal, problem+json errors, the control guard), whichever module answers.
    var pathPrefixes: [String] { get }
    /// How its errors look on the wire outside the control plane; problem+json unless it says.
    var errorShape: any ErrorShape { get }
    /// Checks made before routing (API keys), if any (outside the control plane).
    var requestGuard: (any RequestGuard)? { get }
    /// Contract rules run on the raw request before the generated decoder, by generated
    /// operation id (`Operations.<Name>.id`).
    var rules: [String: OperationRule] { get }
    /// Operation ids whose answer depends on nothing — not the request, the tenant, the clock or
    /// any state (`getHealth`): the front door keeps the first 200 and sends it again
    /// (`ConstantAnswer`).
    var constantOperations: Set<String> { get }
    /// Operation ids that read no tenant's state (health, readiness, metrics, the specs and the
    /// dashboard's files): they answer while tenants are still being restored at start, when
    /// every other request of a restoring tenant is 503 `tenant restoring`.
    var stateFreeOperations: Set<String> { get }
    /// What the body of each of its writes becomes (`BodyStorage`), by operation id, where it
    /// is not kept in the stores: how the front door holds it to the tenant's byte budget.
    var bodyStorage: [String: BodyStorage] { get }
    /// Reads whose handler says how long its answer holds (`Tenant.cacheAnswer(_:)`), by
    /// operation id, with what of the request the answer depends on: the front door keeps a
    /// 200 under its key (`CachedRead`) and sends it again while it holds (`ResponseCache`),
    /// without running the operation.
    var cachedReads: [String: CachedRead] { get }
    /// Operations whose 200 it writes itself as JSON bytes (`WrittenAnswer`), by generated
    /// operation id; none unless it says.
    var writtenAnswers: [String: WrittenAnswer] { get }
    /// Operations whose 2xx answer (up to `ResponseCache.maxBodyBytes`) their journal entries
    /// keep (`answer_excerpt`): the answers the integration audit reads facts from, such as
    /// driverStatus's `offer_available`; none unless it says.
    var journalledAnswers: Set<String> { get }
    /// Operations that take a YAML body as well as JSON (`YAMLBody`; their documents list
    /// `application/yaml`); none unless it says.
    var yamlBodies: Set<String> { get }
    /// Start-up work on the fixtures every new tenant starts from, once their settings and parts
    /// are read (the webhooks module's `--webhook-url` endpoint); nothing unless it says.
    func prepare(_ fixtures: inout Fixtures) throws
    /// Registers the generated routes of its document on `transport`.
    func registerHandlers(on transport: any ServerTransport, configuration: Configuration) throws
    /// At server shutdown, after every tenant has stopped: ends the work it runs beyond its
    /// stores (the webhooks module waits for attempts under way); nothing unless it says.
    func shutdown() async
}

extension PlatformModule {
    package var document: String { name }
    package var errorShape: any ErrorShape { ProblemErrorShape() }
    package var requestGuard: (any RequestGuard)? { nil }
    package var rules: [String: OperationRule] { [:] }
    package var constantOperations: Set<String> { [] }
    package var stateFreeOperations: Set<String> { [] }
    package var bodyStorage: [String: BodyStorage] { [:] }
    package var cachedReads: [String: CachedRead] { [:] }
    package var writtenAnswers: [String: WrittenAnswer] { [:] }
    package var journalledAnswers: Set<String> { [] }
    package var yamlBodies: Set<String> { [] }
    package func prepare(_ fixtures: inout Fixtures) throws {}
    package func shutdown() async {}
}
