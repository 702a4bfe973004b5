import MockPlatformKit

extension WebhookStore: TraceSource {
    /// Every attempt of the kept messages, as the audit reads them: recorded attempts only
    /// (a state document written before attempts kept their wall instant gives none).
    package func traces() -> StoreTraces {
        var deliveries: [DeliveryTrace] = []
        for message in messages() {
            let subject = message.payload.objectValue?["driver_id"]?.stringValue
            for (index, attempt) in message.attempts.enumerated() {
                guard let recordedAt = attempt.recordedAt else { continue }
                deliveries.append(DeliveryTrace(
                    messageID: message.id, attempt: index + 1, eventID: message.eventID, eventKind: message.event.rawValue,
                    eventSubject: subject, endpointID: message.endpointID, recordedAt: recordedAt, tenantAt: attempt.at,
                    statusCode: attempt.statusCode, error: attempt.error, latencyMilliseconds: attempt.latencyMilliseconds
                ))
            }
        }
        return StoreTraces(deliveries: deliveries, dropped: droppedMessages)
    }
}
