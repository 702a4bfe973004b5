/// What a fault rule applies to: requests the server answers, or webhook attempts it sends.
package enum FaultTarget: String, Sendable, CaseIterable {
    case api
    case webhook
}
