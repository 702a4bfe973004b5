import IQLAPI
import MockPlatformKit
import OpenAPIRuntime

/// Ad image (GIF) and logo (PNG), each on a v1 and a v2 path (`openapi/iql.yaml` getAdImageV1,
/// getAdImageV2, getAdLogoV1, getAdLogoV2): a solid fill in the campaign's `brand_color`,
/// `dim_x`×`dim_y` clamped to 1...2000, `Cache-Control: no-store`. The API key (either header form)
/// is checked before routing, by `IQLRequestGuard`.
extension IQLHandlers {
    /// Image and logo size when `dim_x` or `dim_y` is missing.
    static let defaultArtworkSize = AdDimensions(width: 200, height: 200)

    func getAdImageV1(_ input: Operations.GetAdImageV1.Input) async throws -> Operations.GetAdImageV1.Output {
        .ok(try await adImage(adID: input.path.adId, dimX: input.query.dimX, dimY: input.query.dimY))
    }

    func getAdImageV2(_ input: Operations.GetAdImageV2.Input) async throws -> Operations.GetAdImageV2.Output {
        .ok(try await adImage(adID: input.path.adId, dimX: input.query.dimX, dimY: input.query.dimY))
    }

    func getAdLogoV1(_ input: Operations.GetAdLogoV1.Input) async throws -> Operations.GetAdLogoV1.Output {
        .ok(try await adLogo(adID: input.path.adId, dimX: input.query.dimX, dimY: input.query.dimY))
    }

    func getAdLogoV2(_ input: Operations.GetAdLogoV2.Input) async throws -> Operations.GetAdLogoV2.Output {
        .ok(try await adLogo(adID: input.path.adId, dimX: input.query.dimX, dimY: input.query.dimY))
    }

    private func adImage(adID: String, dimX: String?, dimY: String?) async throws -> Components.Responses.AdImage {
        let gif = try await artwork(adID: adID, dimX: dimX, dimY: dimY, encode: GIFEncoder.solid)
        return .init(headers: .init(cacheControl: "no-store"), body: .imageGif(HTTPBody(gif)))
    }

    private func adLogo(adID: String, dimX: String?, dimY: String?) async throws -> Components.Responses.AdLogo {
        let png = try await artwork(adID: adID, dimX: dimX, dimY: dimY, encode: PNGEncoder.solid)
        return .init(headers: .init(cacheControl: "no-store"), body: .png(HTTPBody(png)))
    }

    /// The encoded fill for the tenant's campaign whose `offer_id` is `adID`, whether or not it
    /// is enabled and whatever became of the offers it granted. Checks in contract order:
    /// 404 `invalid offer id`, then the dimensions.
    private func artwork(
        adID: String,
        dimX: String?,
        dimY: String?,
        encode: (_ width: Int, _ height: Int, _ color: RGBColor) -> [UInt8]
    ) async throws -> [UInt8] {
        let tenant = try Tenant.bound()
        guard let campaign = try await tenant.iql.campaigns.first(where: { $0.offerID == adID }) else {
            throw APIError.notFound("invalid offer id")
        }
        let size = try AdDimensions(x: dimX, y: dimY, names: ("dim_x", "dim_y"), fallback: Self.defaultArtworkSize)
        return encode(size.width, size.height, RGBColor(brandColor: campaign.brandColor))
    }
}
