/// A push kind as its module declares it: the kind, and who receives its pushes.
package struct DeclaredPushKind: Sendable {
    /// Who a push is addressed to.
    package enum Recipient: Sendable {
        /// An app, through APNs or FCM: the outbox can export it as a file for a simulator or
        /// an FCM send (`openapi/control.yaml` exportPush).
        case app
        /// Wallet itself (a pass update): it has no file form.
        case wallet
    }

    package let kind: PushKind
    package let recipient: Recipient

    package init(_ kind: PushKind, recipient: Recipient = .app) {
        self.kind = kind
        self.recipient = recipient
    }
}
