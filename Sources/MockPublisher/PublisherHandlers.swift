import MockPlatformKit
import PublisherAPI

/// The publisher reference backend (`openapi/publisher.yaml`): ZIP lookup, insurers, device
/// tokens; the app's wrappers of IQL live in `PublisherHandlers+Wrappers.swift`.
struct PublisherHandlers: APIProtocol {
    let zipcodes: ZipDirectory

    /// Contract rules that must run before an operation's input is decoded; the handler takes
    /// the registration the rule read.
    static let rules: [String: OperationRule] = wrapperRules.merging([
        Operations.RegisterDeviceToken.id: .validating(into: registration) { request in
            try DeviceRegistration(body: request.json, driverID: request.pathParameters["driver_id"] ?? "")
        },
    ]) { wrapper, _ in wrapper }

    private static let registration = RuleValue<DeviceRegistration>()

    func getZipcode(_ input: Operations.GetZipcode.Input) async throws -> Operations.GetZipcode.Output {
        let zip = input.path.zip
        guard zip.isDigits(count: 5) else {
            throw APIError.badRequest("zipcode must be 5 digits")
        }
        guard let code = zipcodes.stateCode(of: zip) else { throw APIError.notFound("Not found.") }
        return .ok(.init(body: .json(.init(
            zipcode: zip, stateCode: code, stateName: USState.name(of: code) ?? code, countryCode: .usa
        ))))
    }

    func listInsurers(_ input: Operations.ListInsurers.Input) async throws -> Operations.ListInsurers.Output {
        .ok(.init(body: .json(.init(insurers: try Tenant.bound().runtime.fixtures.insurers + ["Other"]))))
    }

    func registerDeviceToken(
        _ input: Operations.RegisterDeviceToken.Input
    ) async throws -> Operations.RegisterDeviceToken.Output {
        let registration = try Self.registration.current()
        try await Tenant.bound().devices.register(registration)
        return .ok(.init(body: .json([.success])))
    }
}
