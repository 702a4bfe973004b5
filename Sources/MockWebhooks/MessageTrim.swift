import MockPlatformKit

/// How much of a tenant's webhook delivery log has to go after a message was added: the
/// messages past its capacity, and the bytes past the tenant's budget (`TenantStorage`).
struct MessageTrim {
    var count: Int
    var bytes: Int

    /// Nothing more has to go.
    var isDone: Bool { count <= 0 && bytes <= 0 }

    /// A message of `size` bytes went.
    mutating func took(_ size: Int) {
        count -= 1
        bytes -= size
    }
}
