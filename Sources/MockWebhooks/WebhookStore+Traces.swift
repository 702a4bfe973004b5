import MockPlatformKit

extension WebhookStore: TraceSource {
    /// Every attempt of the kept messages, and the endpoints, as the audit reads them (a state
    /// document written before they kept their wall instant gives none of those).
    package func traces() -> StoreTraces {
        var deliveries: [DeliveryTrace] = []
        deliveries.reserveCapacity(state.messages.reduce(0) { $0 + $1.attempts.count })
        for message in state.messages {
            let fields = message.payload.objectValue
            let subject = fields?["driver_id"]?.stringValue ?? fields?["user_id"]?.stringValue
            for (index, attempt) in message.attempts.enumerated() {
                guard let recordedAt = attempt.recordedAt else { continue }
                deliveries.append(DeliveryTrace(
                    messageID: message.id, attempt: index + 1, eventID: message.eventID, eventKind: message.event.rawValue,
                    eventSubject: subject, endpointID: message.endpointID, recordedAt: recordedAt, tenantAt: attempt.at,
                    statusCode: attempt.statusCode, error: attempt.error, latencyMilliseconds: attempt.latencyMilliseconds
                ))
            }
        }
        let endpoints = self.endpoints.compactMap { endpoint in
            endpoint.recordedAt.map { EndpointTrace(id: endpoint.id, url: endpoint.url, events: endpoint.events.map(\.rawValue), recordedAt: $0, tenantAt: endpoint.createdAt) }
        }
        return StoreTraces(deliveries: deliveries, endpoints: endpoints, dropped: droppedMessages)
    }
}
