/// A push kind as its module declares it: the kind, and who receives its pushes.
public struct DeclaredPushKind: Sendable {
    /// Who a push is addressed to.
    public enum Recipient: Sendable {
        /// An app, through APNs or FCM: the outbox can export it as a file for a simulator or
        /// an FCM send (`openapi/control.yaml` exportPush).
        case app
        /// Wallet itself (a pass update): it has no file form.
        case wallet
    }

    public let kind: PushKind
    public let recipient: Recipient

    public init(_ kind: PushKind, recipient: Recipient = .app) {
        self.kind = kind
        self.recipient = recipient
    }
}
