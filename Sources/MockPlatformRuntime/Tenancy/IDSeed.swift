/// Where a tenant's id generators start.
///
/// Without `--seed`, every tenant (and every reset of it) draws a random start, so ids never
/// repeat across resets and restarts. With `--seed N`, each generator starts from N, the tenant
/// name, the tenant's reset count and the store's name, so two runs that send the same requests
/// get the same ids.
package struct IDSeed: Sendable {
    /// The `--seed` value; nil for random starts.
    package let runSeed: UInt64?
    package let tenant: TenantName
    /// How often the tenant has been reset before this generation of it.
    package let generation: Int

    package init(runSeed: UInt64?, tenant: TenantName, generation: Int) {
        self.runSeed = runSeed
        self.tenant = tenant
        self.generation = generation
    }

    /// The generator a store restored from a state document continues with: the document's
    /// own with `--seed` (so export → import → the same requests give the same ids), a fresh
    /// random one without (so ids never repeat across imports and `--state-file` starts).
    package func generator(for store: String, restoring restored: IDGenerator) -> IDGenerator {
        runSeed == nil ? generator(for: store) : restored
    }

    /// A generator for one store of the tenant.
    package func generator(for store: String) -> IDGenerator {
        guard let runSeed else { return IDGenerator(seed: UInt64.random(in: .min ... .max)) }
        return IDGenerator(seedName: "\(runSeed)/\(tenant.rawValue)/\(generation)/\(store)")
    }
}
