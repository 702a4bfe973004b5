import Dispatch
import Foundation
import HTTPTypes
@testable import MockPlatform
@testable import MockPlatformKit
@testable import MockPlatformRuntime
import OpenAPIRuntime
import Synchronization
import XCTest

/// A reset builds the new tenant outside the registry's lock: while one tenant's replacement is
/// being built (however long a client's state document makes that), every other tenant is
/// served (issue "Hostile input", finding 7).
final class RegistryLockTests: XCTestCase {
    /// Holds the building of one tenant's store until released.
    final class Gate: Sendable {
        private let held = Mutex<String?>(nil)
        let entered = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)

        func hold(_ tenant: String) { held.withLock { $0 = tenant } }

        /// Waits for `released` when `tenant` is the one held (once).
        func pass(_ tenant: TenantName) {
            let isHeld = held.withLock { held -> Bool in
                guard held == tenant.rawValue else { return false }
                held = nil
                return true
            }
            guard isHeld else { return }
            entered.signal()
            released.wait()
        }
    }

    /// A module whose store takes as long as the gate says.
    struct GatedModule: PlatformModule {
        let gate: Gate
        var name: String { "gated" }
        var pathPrefixes: [String] { ["/gated/"] }
        var errorShape: any ErrorShape { ProblemErrorShape() }

        func makeStore(for runtime: TenantRuntime, restoring snapshot: StoreState?) throws -> (any ModuleStore)? {
            gate.pass(runtime.name)
            return nil
        }

        func registerHandlers(on transport: any ServerTransport, configuration: Configuration) throws {}
    }

    func testOtherTenantsAreServedWhileOneIsRebuilt() throws {
        let gate = Gate()
        let registry = try TenantRegistry(fixtures: TestFixtures.shared, modules: [GatedModule(gate: gate)])
        let slow = try XCTUnwrap(TenantName("slow"))
        let other = try XCTUnwrap(TenantName("other"))
        _ = try registry.tenant(slow)
        gate.hold("slow")
        let resetDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = try? registry.reset(slow)
            resetDone.signal()
        }
        XCTAssertEqual(gate.entered.wait(timeout: .now() + 10), .success, "the reset is building the tenant")

        let served = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = try? registry.tenant(other)
            _ = registry.existing(.default)
            served.signal()
        }
        let answer = served.wait(timeout: .now() + 2)
        gate.released.signal()
        XCTAssertEqual(answer, .success, "another tenant was made and read while the reset was still building")
        XCTAssertEqual(resetDone.wait(timeout: .now() + 10), .success)
    }
}
