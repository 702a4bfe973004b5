import MockLoyalty
import MockPlatformKit

/// A pass a PassKit web service request named, with its member, after its `ApplePass` token
/// was checked (`WalletHandlers.authenticate`).
struct AuthenticatedPass: Sendable {
    let pass: PassRecord
    let member: Member
}
