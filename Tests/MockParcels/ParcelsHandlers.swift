import MockPlatformKit
import ParcelsAPI

/// The parcels API's generated operations.
struct ParcelsHandlers: APIProtocol {
    func trackParcel(_ input: Operations.TrackParcel.Input) async throws -> Operations.TrackParcel.Output {
        let tenant = try Tenant.bound()
        let delivered = try await tenant.store(ParcelStore.self).isDelivered(input.path.parcelId)
        return .ok(.init(body: .json(.init(parcelId: input.path.parcelId, delivered: delivered, depot: tenant.settings.parcels.depot))))
    }

    func getParcel(_ input: Operations.GetParcel.Input) async throws -> Operations.GetParcel.Output {
        let delivered = try await Tenant.bound().store(ParcelStore.self).isDelivered(input.path.parcelId)
        return .ok(.init(body: .json(.init(parcelId: input.path.parcelId, delivered: delivered))))
    }

    func sendParcel(_ input: Operations.SendParcel.Input) async throws -> Operations.SendParcel.Output {
        try await Tenant.bound().store(ParcelStore.self).send(input.path.parcelId)
        return .accepted(.init())
    }
}
