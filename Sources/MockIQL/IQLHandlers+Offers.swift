import Foundation
import IQLAPI
import MockPlatformKit

/// Offer operations: ad unit v2, multi-offer and the v3 click (`openapi/iql.yaml`: getAdUnit, listOffers, clickAdUnit).
extension IQLHandlers {
    /// `logo_url` size when the caller gives no `image_dim_x`/`image_dim_y`.
    static let defaultLogoSize = AdDimensions(width: 1000, height: 1000)

    func getAdUnit(_ input: Operations.GetAdUnit.Input) async throws -> Operations.GetAdUnit.Output {
        let tenant = try Tenant.bound()
        let id = input.path.driverId
        try PathSegmentID.validate(id, name: "driver_id")
        let dimensions = (x: input.query.imageDimX, y: input.query.imageDimY)
        let (settings, settingsValidity) = tenant.keptSettings
        let ((driver, now, campaigns, logo), validity) = try await tenant.iql.keptRead(id, unknown: Self.invalidDriver) {
            reading throws(APIError) in
            (reading.driver, reading.now, reading.campaigns, try AdDimensions(
                x: dimensions.x, y: dimensions.y, names: ("image_dim_x", "image_dim_y"), fallback: Self.defaultLogoSize
            ))
        }
        Tenant.cacheAnswer(Self.offerValidity(validity, settings: settingsValidity, offersOf: driver))
        var body = Components.Schemas.AdUnitResponse()
        if let offer = driver.latestActiveOffer(at: now), let campaign = campaigns.first(where: { $0.campaignID == offer.campaignID }) {
            body.driverInfo = .init(publisherAppName: settings.iql.publisherAppName, driverId: driver.id)
            body.adUnit = adUnit(offer, campaign: campaign, driverID: driver.id, logo: logo, tenant: tenant.name, settings: settings)
        }
        return .ok(.init(headers: .init(cacheControl: "no-store"), body: .json(body)))
    }

    func listOffers(_ input: Operations.ListOffers.Input) async throws -> Operations.ListOffers.Output {
        let tenant = try Tenant.bound()
        let id = input.path.userId
        try PathSegmentID.validate(id, name: "user_id")
        let query = input.query
        let (settings, settingsValidity) = tenant.keptSettings
        let ((driver, now, campaigns, filters), validity) = try await tenant.iql.keptRead(id, unknown: Self.invalidDriver) {
            reading throws(APIError) in
            (reading.driver, reading.now, reading.campaigns, try OfferFilters(type: query._type, subtype: query.subtype, max: query.max))
        }
        Tenant.cacheAnswer(Self.offerValidity(validity, settings: settingsValidity, offersOf: driver))
        var offers: [Components.Schemas.Offer] = []
        for offer in driver.activeOffers(at: now) {
            guard let campaign = campaigns.first(where: { $0.campaignID == offer.campaignID }), filters.admits(campaign),
                  let type = Components.Schemas.Offer._TypePayload(rawValue: campaign.offerType),
                  let subtype = Components.Schemas.Offer.SubtypePayload(rawValue: campaign.offerSubtype)
            else { continue }
            let unit = adUnit(offer, campaign: campaign, driverID: driver.id, logo: Self.defaultLogoSize, tenant: tenant.name, settings: settings)
            offers.append(.init(
                id: offer.offerID,
                _type: type,
                subtype: subtype,
                createdAtTimestamp: offer.createdAt.epochMilliseconds,
                expiryTimestamp: offer.expiresAt.epochMilliseconds,
                details: .init(
                    insurerName: unit.insurerName, logoUrl: unit.logoUrl, title: unit.title, body: unit.body,
                    buttonText: unit.buttonText, buttonClickUrl: unit.buttonClickUrl, legal: unit.legal
                )
            ))
        }
        if let max = filters.max { offers = Array(offers.prefix(max)) }
        let driverInfo = Components.Schemas.DriverInfoBlock(publisherAppName: settings.iql.publisherAppName, driverId: driver.id)
        return .ok(.init(headers: .init(cacheControl: "no-store"), body: .json(.init(driverInfo: driverInfo, offers: offers))))
    }

    func clickAdUnit(_ input: Operations.ClickAdUnit.Input) async throws -> Operations.ClickAdUnit.Output {
        let tenant = try Tenant.bound()
        let adID = input.path.adId
        let driverID = input.path.userId
        let now = tenant.clock.now
        _ = try ClickToken(secret: tenant.settings.iql.clickSecret, tenant: tenant.name)
            .verify(input.query.authToken, adID: adID, driverID: driverID, now: now)
        guard let driver = try await tenant.iql.preview(driverID) else { throw APIError.notFound("invalid driver id") }
        guard let offer = driver.offers.first(where: { $0.offerID == adID }) else { throw APIError.notFound("invalid offer id") }
        guard !offer.retracted else { throw APIError.notFound("offer \(adID) is no longer available") }
        let payload = try ClickPayload.decode(input.query.pl, today: CalendarDay(containing: now))
        let (lead, campaign) = try await tenant.iql.click(offerID: adID, driverID: driverID, payload: payload)
        let location = CampaignURL.resolved(campaign.landingURL, base: publicURL.string + tenant.name.pathPrefix)
            .replacingOccurrences(of: "{offer_id}", with: Self.queryEncoded(adID))
            .replacingOccurrences(of: "{driver_id}", with: Self.queryEncoded(driverID))
            .replacingOccurrences(of: "{lead_id}", with: Self.queryEncoded(lead.leadID))
        return .found(.init(headers: .init(location: location, cacheControl: "no-store")))
    }

    /// How long an answer listing a driver's active offers holds: while the driver's reading
    /// (`keptRead`) and the settings hold, and until the next of its offers expires.
    private static func offerValidity(_ reading: CacheValidity, settings: CacheValidity, offersOf driver: Driver) -> CacheValidity {
        reading.and(settings).ending(byFirstAfterStart: driver.offers.lazy.map(\.expiresAt))
    }

    /// The ad-unit block of one offer, with absolute logo and click URLs for this tenant.
    private func adUnit(
        _ offer: Offer, campaign: QualificationCampaign, driverID: String, logo: AdDimensions, tenant: TenantName, settings: TenantSettings
    ) -> Components.Schemas.AdUnit {
        let base = publicURL.string + tenant.pathPrefix
        let token = ClickToken(secret: settings.iql.clickSecret, tenant: tenant)
            .mint(offerID: offer.offerID, driverID: driverID, expiresAt: offer.expiresAt)
        let offerSegment = offer.offerID.percentEncodedPathSegment
        let ad = campaign.ad
        let disclaimers = Components.Schemas.AdDisclaimers(
            currentCustomer: ad.legal.disclaimers.currentCustomer, generic: ad.legal.disclaimers.generic
        )
        return .init(
            offerId: offer.offerID,
            insurerName: ad.insurerName,
            logoUrl: "\(base)/iql/v2/ad_unit/\(offerSegment)/logo?dim_x=\(logo.width)&dim_y=\(logo.height)",
            title: ad.title,
            body: .init(text: ad.body.text, bullets: ad.body.bullets),
            buttonText: ad.buttonText,
            buttonClickUrl: "\(base)/iql/v3/ad_unit/\(offerSegment)/driver_id/\(driverID.percentEncodedPathSegment)/click"
                + "?auth_token=\(token)&pl=<payload>",
            legal: .init(
                disclaimers: disclaimers,
                disclaimer: disclaimers,
                privacyPolicyUrl: CampaignURL.resolved(ad.legal.privacyPolicyURL, base: base),
                termsAndConditionsUrl: CampaignURL.resolved(ad.legal.termsAndConditionsURL, base: base)
            )
        )
    }

    private static func queryEncoded(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+?#"))) ?? value
    }
}
